import { Button, Menu, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useSignOut } from '../../ui/hooks';
import { ConnectionBadge } from '../../features/connection/ConnectionBadge';
import { HOME_PATHS, roleAtom } from '../../pipeline/session';
import { userAtom } from '../../state/client';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { chatSlotAtom } from './chat-slot';
import classes from './shell.module.css';
import { ThemeToggle } from '../../ui/ThemeToggle';

/** The CSS variable the page's scroll padding reads (shell.module.css): focus stays clear of it. */
const HEADER_SIZE_VARIABLE = '--ad-header-block-size';

/**
 * Keeps HEADER_SIZE_VARIABLE on <html> at the header's height while it is sticky. The size comes
 * from the ResizeObserver, whose first report follows the first layout: reading offsetHeight at
 * mount forced a layout of the page being mounted, and every report set the variable again, each
 * time restyling the whole document (a custom property on <html> is inherited by every element).
 * It is written only when it changes.
 */
function useHeaderHeightVariable(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el) return;
    let current = '';
    const set = (px: number) => {
      const value = `${Math.round(px)}px`;
      if (value === current) return;
      current = value;
      root.style.setProperty(HEADER_SIZE_VARIABLE, value);
    };
    const remove = () => root.style.removeProperty(HEADER_SIZE_VARIABLE);
    if (typeof ResizeObserver === 'undefined') {
      set(el.offsetHeight);
      return remove;
    }
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      set(box ? box.blockSize : el.offsetHeight);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      remove();
    };
  }, [ref]);
}

/**
 * Site header (lazy chunk): brand, the screens of the user's role, connection badge, language,
 * theme, account.
 */
export default function Header() {
  const { t } = useTranslation('user-assets');
  const user = useAtomValue(userAtom);
  const role = useAtomValue(roleAtom);
  const signOut = useSignOut();
  const links = [
    ...(role === 'follower' ? [{ to: HOME_PATHS.follower, label: t('nav.copyTrade') }] : []),
    ...(role === 'leader' ? [{ to: HOME_PATHS.leader, label: t('nav.leader') }] : []),
    // The assets area: its own nav lists the overview, each account and derivatives.
    { to: '/assets', label: t('nav.assets') },
  ];
  const name = user.profile?.nickName || t('shell.account.userId', { id: user.userId });
  const headerRef = useRef<HTMLElement>(null);
  useHeaderHeightVariable(headerRef);
  const setChatSlot = useSetAtom(chatSlotAtom);

  return (
    <header
      ref={headerRef}
      className={classes.header}
      aria-label={t('shell.header')}
      data-shell="header"
    >
      <Link to="/" className={classes.brand} data-shell="brand">
        {t('app.name')}
      </Link>
      <nav className={classes.nav} aria-label={t('nav.label')}>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.to !== '/assets'} className={classes.navLink}>
            {l.label}
          </NavLink>
        ))}
      </nav>
      <div className={classes.controls}>
        <ConnectionBadge />
        <LanguageMenu />
        <ThemeToggle />
        {/* The support-chat launcher (ChatWidget puts it here). */}
        <span ref={setChatSlot} className={classes.chatSlot} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" aria-label={t('shell.account.menu', { name })}>
              <Text span size="sm" maw={140} truncate="end">
                {name}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('shell.account.signedInAs', { name })}</Menu.Label>
            <Menu.Item c="red" data-autofocus onClick={() => void signOut()}>
              {t('shell.account.signOut')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
    </header>
  );
}
