/**
 * The shell parts a signed-in user sees, each a dynamic import (React.lazy): a signed-out
 * visitor on /login never downloads them (test/e2e/shell.e2e.test.ts checks what it is served).
 */
import { lazyPreloadable } from '../lazy-preloadable';

export const Header = lazyPreloadable(() => import('./Header'));
export const Footer = lazyPreloadable(() => import('./Footer'));
export const ChatWidget = lazyPreloadable(() => import('./ChatWidget'));
/** Renders nothing and first reads 5 s after sign-in: loaded when the page is, never preloaded. */
export const MoneyArrivals = lazyPreloadable(() =>
  import('../../ui/dialogs/money/MoneyArrivals').then((m) => ({ default: m.MoneyArrivals })),
);

/** The parts a signed-in page renders at once (main.tsx asks for them at sign-in). */
export function preloadShell(): Promise<unknown> {
  return Promise.all([Header.preload(), Footer.preload(), ChatWidget.preload()]);
}
