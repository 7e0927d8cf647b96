/**
 * The user-assets area in the whole app: the header links to it, its navigation lists every
 * screen of SCREENS that names an assetsNav label (in the table's order), each with its page
 * title, and its screens share the area's live data.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ASSETS_NAV } from '@src/app/routes';
import { refreshAssetsAtom } from '@src/state/assets';
import { allAccountsOverview, sampleAggregateInfo } from '../../support/sample-answers';
import { fakeApi, fakeScreenApi, renderApp } from '../ui/test-utils';

const screenApi = () =>
  fakeScreenApi({
    assetOverview: vi.fn(async () => allAccountsOverview()),
    aggregateInfo: vi.fn(async () => sampleAggregateInfo()),
  });

describe('assets area', () => {
  it('has one nav entry per screen of the area, in the route table order, and a page title each', async () => {
    const user = userEvent.setup();
    const api = screenApi();
    await renderApp({ path: '/assets', api: fakeApi('trader'), screenApi: api });
    const nav = await screen.findByRole('navigation', { name: 'Assets' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(ASSETS_NAV.map((s) => s.path));
    expect(ASSETS_NAV.map((s) => s.path)).toEqual(
      expect.arrayContaining([
        '/assets',
        '/assets/spot',
        '/assets/derivatives',
        '/assets/funding',
        '/assets/fiat',
        '/assets/mt',
        '/assets/bots',
        '/assets/options',
      ]),
    );
    await screen.findByRole('heading', { level: 1, name: 'Assets overview' });
    await waitFor(() => expect(document.title).toContain('Assets overview'));

    await user.click(within(nav).getByRole('link', { name: 'Spot' }));
    await screen.findByRole('heading', { level: 1, name: 'Spot account' });
    await waitFor(() => expect(document.title).toContain('Spot account'));
    expect(within(nav).getByRole('link', { name: 'Spot' })).toHaveAttribute('aria-current', 'page');
    // The area's figures come from the one refresher: the spot screen shows the overview's.
    expect(api.assetOverview).toHaveBeenCalled();
    expect(await screen.findByRole('table', { name: 'Spot coins' })).toBeInTheDocument();

    const header = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(header).getByRole('link', { name: 'Assets' })).toHaveAttribute('href', '/assets');
  });

  it('marks Records with the count of pending records, said in its name, and follows the refreshes', async () => {
    const api = fakeScreenApi({
      assetOverview: vi.fn(async () => allAccountsOverview()),
      aggregateInfo: vi
        .fn()
        .mockResolvedValueOnce(
          sampleAggregateInfo({
            hasPendingAssets: true,
            depositPendingCount: 2,
            withdrawPendingCount: 1,
          }),
        )
        .mockResolvedValue(sampleAggregateInfo({ hasPendingAssets: true, waitTaxCount: 1 })),
    });
    const { store } = await renderApp({
      path: '/assets/spot',
      api: fakeApi('trader'),
      screenApi: api,
    });
    const nav = await screen.findByRole('navigation', { name: 'Assets' });
    const records = await within(nav).findByRole('link', { name: 'Records (3 pending)' });
    expect(records.querySelector('[data-pending-records]')).toHaveTextContent('3');
    // a tax wait is pending but is no record: no mark
    act(() => store.set(refreshAssetsAtom));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Records' })).toBeInTheDocument(),
    );
    expect(nav.querySelector('[data-pending-records]')).toBeNull();
  });
});
