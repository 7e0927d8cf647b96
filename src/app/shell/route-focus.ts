/**
 * Focus after a route change (WCAG 2.4.3, issue 18): when the path changes (a link, sign-in,
 * sign-out, a redirect), focus moves to the new page's heading, so a screen-reader user hears
 * where they are and the next Tab starts from the page, not from <body>. The screens are lazy:
 * until the heading is there, the main region is watched for it; a page with no h1 gets focus on
 * <main> itself once it has rendered something. The first page load leaves focus alone (the
 * skip link stays the first stop).
 *
 * A modal dialog (Mantine's, portalled outside <main>) owns focus while it is open: focus is not
 * taken out of it for the heading (the sign-in's arrival prompts open as the new page renders).
 * And when the last open modal closes and focus is left on <body> (the control that opened it is
 * gone, e.g. the previous prompt's button), focus goes to the page heading (or <main>), so the
 * next Tab starts from the page again.
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

const MODAL = '[role="dialog"][aria-modal="true"]';

/** Whether a modal dialog is open (its content is in the document). */
const modalOpen = () => document.querySelector(MODAL) !== null;

/** Whether focus is nowhere in particular (<body>, or nothing). */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  useFocusAfterDialogs(mainRef);
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
      if (!modalOpen()) focusTarget(heading);
      return;
    }
    // The new screen is still loading: wait for its heading.
    let done = false;
    const settle = (el: HTMLElement) => {
      if (done) return;
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      // Someone already moved focus into the new page (autofocus, a click) or a dialog opened
      // over it: leave focus there.
      const active = document.activeElement;
      if (active && active !== document.body && active !== main && main.contains(active)) return;
      if (modalOpen()) return;
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

/** Whether the mutations removed a modal dialog (its content, or a node holding it). */
const removedModal = (records: MutationRecord[]) =>
  records.some((r) =>
    Array.from(r.removedNodes).some(
      (n) => n instanceof Element && (n.matches(MODAL) || n.querySelector(MODAL) !== null),
    ),
  );

/**
 * When the last open modal dialog goes and leaves focus on <body>, focus the page heading (or
 * <main>). Mantine returns focus to the control that opened a dialog when it still exists; this
 * covers the case where it does not (a prompt opened by the previous prompt, or by a sign-in
 * button that is gone). Only removed nodes are looked at, so live updates cost little.
 */
function useFocusAfterDialogs(mainRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const observer = new MutationObserver((records) => {
      const main = mainRef.current;
      if (!main || !focusLost() || modalOpen() || !removedModal(records)) return;
      focusTarget(headingIn(main) ?? main);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [mainRef]);
}
