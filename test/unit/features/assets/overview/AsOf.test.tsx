import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { AsOf } from '@src/features/assets/overview/AsOf';
import { assetOverviewAtom, assetsRefreshedAtAtom } from '@src/state/assets';
import { assetsAggregateInfoAtom } from '@src/state/client';
import { failed, idle, pending, ready } from '@src/state/loadable';
import { renderWithProviders } from '../../../ui/test-utils';
import { earnOverview } from '../../../../support/sample-answers';

// H2: the refresh time changes every few seconds; it must not sit in a live region, or a screen
// reader speaks it whenever it is idle. Only the stale marker is announced.
describe('AsOf', () => {
  it('does not put the refresh time in a live region; announces only the stale marker', async () => {
    const store = createStore();
    store.set(assetsRefreshedAtAtom, Date.UTC(2026, 10, 28, 4, 4, 49));
    await renderWithProviders(<AsOf />, { store });
    const time = screen.getByText(/^As of /);
    expect(time.closest('[role="status"], [aria-live], [role="alert"], [role="log"]')).toBeNull();
    // The status region is mounted and empty while the figures are fresh.
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    act(() => store.set(assetOverviewAtom, failed('timeout')));
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Not up to date');
    expect(status).not.toHaveTextContent(/As of/);

    act(() => store.set(assetOverviewAtom, idle()));
    expect(status).toBeEmptyDOMElement();
  });

  it('keeps the stale marker while the next refresh is on its way: one failure, said once', async () => {
    const store = createStore();
    store.set(assetsRefreshedAtAtom, Date.UTC(2026, 10, 28, 4, 4, 49));
    await renderWithProviders(<AsOf />, { store });
    const status = screen.getByRole('status');
    act(() => store.set(assetOverviewAtom, failed('timeout')));
    const marker = screen.getByText('Not up to date');
    const said: string[] = [];
    new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    // the 5 s refresh asks again, and fails again: the marker never leaves the region
    act(() => store.set(assetOverviewAtom, pending()));
    act(() => store.set(assetOverviewAtom, failed('timeout')));
    act(() => store.set(assetOverviewAtom, pending()));
    expect(screen.getByText('Not up to date')).toBe(marker);
    expect(said).toEqual([]);
    // an answer that succeeds clears it
    act(() => store.set(assetOverviewAtom, ready(earnOverview())));
    expect(status).toBeEmptyDOMElement();
  });

  // The overview screen shows the overview's failure as the section's alert: the marker is shown
  // there but said only for the aggregate info's failure, which nothing else says.
  it('with overviewAlerted, shows the overview failure but leaves saying it to the alert', async () => {
    const store = createStore();
    store.set(assetsRefreshedAtAtom, Date.UTC(2026, 10, 28, 4, 4, 49));
    await renderWithProviders(<AsOf overviewAlerted />, { store });
    const status = screen.getByRole('status');
    act(() => store.set(assetOverviewAtom, failed('timeout')));
    expect(screen.getByText('Not up to date')).toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();
    act(() => store.set(assetsAggregateInfoAtom, failed('timeout')));
    expect(status).toHaveTextContent('Not up to date');
    expect(screen.getAllByText('Not up to date')).toHaveLength(1);
  });
});
