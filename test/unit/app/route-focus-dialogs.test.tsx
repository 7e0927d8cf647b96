/**
 * Route focus and modal dialogs (review H4): a route change does not take focus out of an open
 * modal dialog (the sign-in's arrival prompts open as the new page renders), and when the last
 * modal closes with focus left on <body>, focus goes to the page heading.
 */
import { act, render, screen } from '@testing-library/react';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useRouteFocus } from '@src/app/shell/route-focus';

/** A boolean the test flips from outside React. */
function flag() {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    set(v: boolean) {
      value = v;
      listeners.forEach((l) => l());
    },
    use: () =>
      useSyncExternalStore(
        (l) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        () => value,
      ),
  };
}
const heading = flag();
const dialog = flag();
const showHeading = (v: boolean) => heading.set(v);
const showDialog = (v: boolean) => dialog.set(v);

/** A modal dialog that focuses its button on opening, as Mantine's does. */
function Dialog() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div role="dialog" aria-modal="true" aria-label="Welcome to VIP">
      <button type="button" ref={ref}>
        Got it
      </button>
    </div>
  );
}

function Layout() {
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  const open = dialog.use();
  return (
    <>
      <main ref={mainRef}>
        <Outlet />
      </main>
      {open && <Dialog />}
    </>
  );
}

/** A lazy screen: its heading appears when the test says so. */
function LatePage(): ReactNode {
  return heading.use() ? <h1>Derivatives assets</h1> : <p>Loading</p>;
}

function setup() {
  showHeading(false);
  showDialog(false);
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/login', element: <h1>Sign in</h1> },
          { path: '/late', element: <LatePage /> },
          { path: '/now', element: <h1>Overview</h1> },
        ],
      },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route focus with a modal dialog open', () => {
  it('leaves focus in the dialog when the lazy heading arrives; focuses it when the dialog closes', async () => {
    const router = setup();
    await act(() => router.navigate('/late'));
    act(() => showDialog(true));
    const ok = screen.getByRole('button', { name: 'Got it' });
    expect(ok).toHaveFocus();
    await act(async () => showHeading(true));
    const h1 = screen.getByRole('heading', { level: 1, name: 'Derivatives assets' });
    expect(ok).toHaveFocus();

    // The (last) dialog closes; the control that opened it is gone: focus goes to the heading.
    act(() => showDialog(false));
    await act(async () => undefined);
    expect(h1).toHaveFocus();
  });

  it('leaves focus in the dialog when the heading is there at once', async () => {
    const router = setup();
    act(() => showDialog(true));
    const ok = screen.getByRole('button', { name: 'Got it' });
    expect(ok).toHaveFocus();
    await act(() => router.navigate('/now'));
    expect(ok).toHaveFocus();
  });

  it('leaves focus alone when a dialog closes and focus went somewhere', async () => {
    const router = setup();
    await act(() => router.navigate('/now'));
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toHaveFocus();
    act(() => showDialog(true));
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    act(() => showDialog(false));
    await act(async () => undefined);
    expect(opener).toHaveFocus();
    opener.remove();
  });
});
