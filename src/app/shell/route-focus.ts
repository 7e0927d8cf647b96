/**
 * Focus after a route change (WCAG 2.4.3, issue 18): when the path changes (a link, sign-in,
 * sign-out, a redirect), focus moves to the new page's heading, so a screen-reader user hears
 * where they are and the next Tab starts from the page, not from <body>. The screens are lazy:
 * until the heading is there, the main region is watched for it; a page with no h1 gets focus on
 * <main> itself once it has rendered something. The first page load leaves focus alone (the
 * skip link stays the first stop).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a lazy screen's heading before settling for <main>. */
const HEADING_WAIT_MS = 5000;

/** Focuses `el` (made programmatically focusable) without scrolling past the page top. */
function focusTarget(el: HTMLElement) {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/** The rendered page heading inside `main`, if any (a fallback spinner has none). */
const headingIn = (main: HTMLElement) => main.querySelector<HTMLElement>('h1');

export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // The path focus was last placed for: the first page load's counts as placed, so focus stays
  // where the browser put it. (A flag set by the first run would not do: StrictMode, and the
  // e2e build that runs under it, runs a new effect twice, and the second run would take the
  // heading's focus from the skip link.)
  const placedFor = useRef(pathname);
  useEffect(() => {
    if (placedFor.current === pathname) return;
    placedFor.current = pathname;
    const main = mainRef.current;
    if (!main) return;
    const heading = headingIn(main);
    if (heading) {
      focusTarget(heading);
      return;
    }
    // The new screen is still loading: wait for its heading.
    let done = false;
    const settle = (el: HTMLElement) => {
      if (done) return;
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      // Someone already moved focus into the new page (autofocus, a click): leave it there.
      const active = document.activeElement;
      if (active && active !== document.body && active !== main && main.contains(active)) return;
      focusTarget(el);
    };
    const observer = new MutationObserver(() => {
      const h = headingIn(main);
      if (h) settle(h);
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => settle(main), HEADING_WAIT_MS);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, mainRef]);
}
