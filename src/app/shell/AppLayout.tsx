import { useAtomValue } from 'jotai';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isSignedInAtom, userAtom } from '../../state/client';
import { DialogHost } from '../../ui/dialogs/DialogHost';
import { ShellPrompts } from '../../ui/dialogs/ShellPrompts';
import { Spinner } from '../../ui/Spinner';
import { ChatWidget, Footer, Header, MoneyArrivals } from './lazy-parts';
import { RouteMeta } from './RouteMeta';
import { useRouteFocus } from './route-focus';
import classes from './shell.module.css';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The page frame: skip link, header/footer/chat for a signed-in user (userId > 0) only, the
 * routed screen in <main>, the dialog host, and the page metadata. After a route change focus
 * moves to the new page's heading (route-focus.ts). The dialog host, like the header, is there
 * only while someone is signed in, and is a new one for each user: no dialog, nor anything it
 * holds, outlives the session it was opened in (dialog-state.ts). So does the watch that tells
 * of deposits and withdrawals as they happen (MoneyArrivals).
 */
export function AppLayout() {
  const { t } = useTranslation('user-assets');
  const signedIn = useAtomValue(isSignedInAtom);
  const { userId } = useAtomValue(userAtom);
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  return (
    <div className={classes.page}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      {signedIn && (
        <Suspense fallback={<div className={classes.headerSlot} aria-hidden />}>
          <Header />
        </Suspense>
      )}
      <main
        ref={mainRef}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={classes.main}
        aria-label={t('shell.main')}
      >
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      {signedIn && (
        <Suspense fallback={null}>
          <Footer />
          {/* Renders into the header (launcher, then its panel): chat-slot.ts. */}
          <ChatWidget />
        </Suspense>
      )}
      {signedIn && <DialogHost key={userId} />}
      {signedIn && (
        <Suspense fallback={null}>
          <MoneyArrivals key={userId} />
        </Suspense>
      )}
      <ShellPrompts />
      <RouteMeta />
    </div>
  );
}
