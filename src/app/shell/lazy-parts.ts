/**
 * The shell parts a signed-in user sees, each its own chunk (React.lazy): a signed-out visitor
 * on /login never downloads them.
 */
import { lazy } from 'react';

export const Header = lazy(() => import('./Header'));
export const Footer = lazy(() => import('./Footer'));
export const ChatWidget = lazy(() => import('./ChatWidget'));
