import { cleanNotifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore, notify, showToast, toastStore } from '@src/ui/notifications';
import { AppProviders } from '@src/app/providers';
import { renderWithProviders, testI18n, testServices } from './test-utils';

// act() with a synchronous callback runs it at once; its thenable is not awaited on purpose.
const advance = (ms: number): void => {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
};
/** Let the exit transition that a close scheduled (during React's commit) finish. */
const settle = () => advance(1000);

describe('toasts and notifications', () => {
  beforeEach(async () => {
    await renderWithProviders(<p>page</p>);
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      cleanNotifications(toastStore);
      cleanNotifications(notificationStore);
    });
    vi.useRealTimers();
  });

  it('places toasts 8 px from the top, at most 480 px wide', () => {
    act(() => void showToast('Placed'));
    const host = screen
      .getAllByTestId('toast-host')
      .find((el) => el.getAttribute('data-position') === 'top-center');
    expect(host).toBeDefined();
    expect(host!.style.getPropertyValue('--mantine-spacing-md')).toBe('8px');
    // no container may be stretched over the page (it would swallow clicks)
    for (const el of screen.getAllByTestId('toast-host')) expect(el.style.top).toBe('');
    expect(host!.style.getPropertyValue('--notifications-container-width')).toBe(
      'calc(30rem * var(--mantine-scale))',
    );
  });

  it('closes a toast after 3 s', () => {
    act(() => void showToast('Saved'));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(2999);
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    advance(1);
    settle();
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('honours a custom toast duration (the 2 s sign-out toast)', () => {
    act(() => void showToast('Short', { tone: 'error', duration: 2000 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Short');
    advance(1999);
    expect(screen.getByText('Short')).toBeInTheDocument();
    advance(1);
    settle();
    expect(screen.queryByText('Short')).toBeNull();
  });

  it('closes a notification after 4.5 s', () => {
    act(() => void notify({ title: 'Order filled', message: 'BTCUSDT' }));
    advance(4499);
    expect(screen.getByText('Order filled')).toBeInTheDocument();
    advance(1);
    settle();
    expect(screen.queryByText('Order filled')).toBeNull();
  });

  it('pauses a notification while it is hovered', () => {
    act(() => void notify({ title: 'Hover me', message: 'stays while hovered' }));
    const card = screen.getByText('Hover me').closest<HTMLElement>('.mantine-Notification-root');
    expect(card).not.toBeNull();
    fireEvent.mouseEnter(card!);
    advance(10_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(card!);
    advance(4500);
    settle();
    expect(screen.queryByText('Hover me')).toBeNull();
  });
});

describe('notification maximum count', () => {
  afterEach(() => act(() => cleanNotifications(notificationStore)));

  it('shows at most maxCount at once and queues the rest', async () => {
    render(
      <AppProviders
        store={createStore()}
        i18n={await testI18n()}
        services={testServices()}
        env="test"
        maxNotifications={2}
      >
        <p>page</p>
      </AppProviders>,
    );
    act(() => {
      for (const n of [1, 2, 3]) notify({ title: `Note ${n}`, message: 'm', duration: false });
    });
    expect(screen.getByText('Note 1')).toBeInTheDocument();
    expect(screen.getByText('Note 2')).toBeInTheDocument();
    expect(screen.queryByText('Note 3')).toBeNull();
    expect(notificationStore.getState().queue).toHaveLength(1);
  });
});
