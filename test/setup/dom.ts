// Shims jsdom lacks and Mantine needs.
import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { notificationStore, toastStore } from '@src/ui/notifications';

afterEach(() => {
  // Toasts and notifications live in module-level stores that outlive a test's render (files run
  // without isolation): a success toast left by one test is a second role="status" in the next.
  act(() => {
    cleanNotifications(toastStore);
    cleanNotifications(notificationStore);
  });
  cleanup();
});

// findBy*/waitFor wait on a condition; the ceiling is generous because a lazy route's first load
// on a busy 2-core machine can take seconds (a 1 s default failed there; 15 s failed once with
// eight other processes on the two cores; 45 s failed on the charts' first lazy import with the
// load average at 23). A passing test returns as soon as the condition holds, so this costs
// nothing when all is well; it stays below the test timeout (vitest.config.ts), so a test that
// does fail says what it waited for.
configure({ asyncUtilTimeout: 150_000 });

// No BroadcastChannel in the component tests: the app's tabs tell each other who is signed in
// on one (src/pipeline/session.ts `watchOtherTabs`), and files here run in one worker without
// isolation, so an app of one test would hear another's sign-in and check its session again.
// test/unit/pipeline/session-tabs.test.ts tests the channel, with channels of its own.
Object.defineProperty(globalThis, 'BroadcastChannel', {
  configurable: true,
  writable: true,
  value: undefined,
});

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverShim });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    value: ResizeObserverShim,
  });
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
