/**
 * A REST-loaded section's failure is its own problem: one alert, spoken once, for as long as it
 * lasts. The screens refresh on timers (the assets area every 5 s), so each failed refresh goes
 * pending then error again; the alert stays through those requests instead of leaving and coming
 * back (which a screen reader would speak every time), and its retry button keeps the focus.
 */
import { act, screen } from '@testing-library/react';
import { atom, createStore, useAtomValue } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, idle, pending, ready, type Loadable } from '@src/state/loadable';
import { ResourceState } from '@src/ui/live/ResourceState';
import { renderWithProviders } from '../test-utils';
import { listenToLiveRegions } from './live-regions';

const loadable = atom<Loadable<string>>(idle<string>());

function Bots({ reload }: { reload: () => void }) {
  return (
    <ResourceState
      state={useAtomValue(loadable)}
      reload={reload}
      isEmpty={() => false}
      emptyText=""
      loadingText="Loading bots"
    >
      {(data) => <p>{data}</p>}
    </ResourceState>
  );
}

let heard: ReturnType<typeof listenToLiveRegions> | undefined;
afterEach(() => {
  heard?.stop();
  heard = undefined;
});

async function bots(first: Loadable<string>) {
  const store = createStore();
  store.set(loadable, first);
  const reload = vi.fn();
  heard = listenToLiveRegions();
  await renderWithProviders(<Bots reload={reload} />, { store });
  const to = (next: Loadable<string>) => act(() => store.set(loadable, next));
  return { to, reload };
}

describe('a REST-loaded section that fails', () => {
  it('with data: says the refresh failed once, however many refreshes fail after it', async () => {
    const { to, reload } = await bots(ready('v1'));
    to(pending('v1'));
    to(failed('500', 'v1'));
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    for (let i = 0; i < 3; i += 1) {
      to(pending('v1')); // the next periodic refresh
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Refreshing failed: showing the last known values.',
      );
      to(failed('500', 'v1'));
    }
    expect(screen.getByRole('button', { name: 'Try again' })).toBe(retry);
    expect(retry).toHaveFocus();
    retry.click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('v1')).toBeVisible();
    expect(heard!.said()).toEqual([
      expect.stringMatching(/^Refreshing failed: showing the last known values\./),
    ]);

    to(pending('v1'));
    to(ready('v2'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('v2')).toBeVisible();
  });

  it('without data: the alert stays through the retries, a spinner beneath while one runs', async () => {
    const { to } = await bots(pending<string>());
    expect(screen.getByRole('status', { name: 'Loading bots' })).toBeInTheDocument();
    to(failed('500'));
    const alert = screen.getByRole('alert', { name: 'Could not load' });
    expect(alert).toHaveTextContent('The request did not go through.');
    expect(screen.queryByRole('status', { name: 'Loading bots' })).toBeNull();
    to(pending<string>());
    expect(screen.getByRole('alert', { name: 'Could not load' })).toBe(alert);
    expect(screen.getByRole('status', { name: 'Loading bots' })).toBeInTheDocument();
    to(failed('500'));
    to(pending<string>());
    to(failed('500'));
    expect(heard!.said()).toEqual([expect.stringMatching(/^Could not load/)]);

    to(pending<string>());
    to(ready('v1'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('v1')).toBeVisible();
  });
});
