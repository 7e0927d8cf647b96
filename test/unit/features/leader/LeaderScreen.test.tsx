/**
 * The leader screen: wallet balances and follower income from the streams, the income history
 * with today's figure live, the bots list (REST, refreshed every minute), lead positions, states
 * and masking.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LeaderBot } from '@src/api/types';
import { BOTS_REFRESH_MS } from '@src/features/leader/BotsSection';
import { IncomeTooltip } from '@src/features/leader/IncomeChartFigure';
import { DAY_MS } from '@src/features/leader/income-series';
import LeaderScreen from '@src/features/leader/LeaderScreen';
import { preferencesAtom } from '@src/state/client';
import { leaderIncome, leaderWallet, position } from '../../state/fixtures';
import { fakeScreenApi, renderScreen } from '../harness';
import { leftOutAt } from '../../ui/table/narrow-css';

const T0 = 1_732_150_000_000;
const TODAY = Math.floor(T0 / DAY_MS) * DAY_MS;

const bot = (botId: string, over: Partial<LeaderBot> = {}): LeaderBot => ({
  botId,
  symbol: 'BTCUSDT',
  strategy: 'grid',
  investmentE8: '100000000000',
  pnlE8: '-2500000000',
  createdAtE3: String(T0),
  status: 'running',
  ...over,
});

const SEED = {
  'copytrade.leaderWallet': leaderWallet(1, {
    availableBalanceE8: '4768758093310',
    walletBalanceE8: '4996563931910',
    totalInvestmentE8: '970000000000',
    totalRemovedInvestmentE8: '125000000000',
  }),
  'copytrade.leaderIncome': leaderIncome(1, {
    followerCount: 5,
    cumShareProfitE8: '123456789',
    todayShareProfitE8: '20000000',
    followers: [
      {
        followerUserId: 1001,
        investmentE8: '500000000000',
        incomeE8: '-168178790',
        yieldRateE4: '-3',
      },
      {
        followerUserId: 1002,
        investmentE8: '200000000000',
        incomeE8: '67695749',
        yieldRateE4: '3',
      },
    ],
  }),
  'copytrade.position': { list: [position('DOGEUSDT', 2, 2001, 1, { size: '95841' })] },
};

function api() {
  return fakeScreenApi({
    leaderIncomeHistory: vi.fn(async () => ({
      list: [
        { dateE3: String(TODAY - 2 * DAY_MS), shareProfitE8: '100000000' },
        { dateE3: String(TODAY - DAY_MS), shareProfitE8: '0' },
        { dateE3: String(TODAY), shareProfitE8: '10000000' },
      ],
    })),
    leaderBots: vi.fn(async () => ({
      list: [bot('b1'), bot('b2', { symbol: 'ETHUSDT', strategy: 'dca', status: 'paused' })],
    })),
  });
}

const stat = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextElementSibling as HTMLElement;
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      // the figures, not the row's details button
      [...r.querySelectorAll('[role="cell"]:not([data-vt-details]), [role="rowheader"]')].map(
        (c) => c.textContent,
      ),
    );

describe('leader screen', () => {
  it('shows the wallet, follower income and followers, live', async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    expect(screen.getByRole('heading', { level: 1, name: 'Leader dashboard' })).toBeInTheDocument();
    r.subscribe(['copytrade.leaderWallet', 'copytrade.leaderIncome', 'copytrade.position']);
    expect(screen.getByRole('status', { name: 'Loading the leader wallet' })).toBeInTheDocument();
    await r.answer(SEED);

    const wallet = screen.getByRole('region', { name: 'Leader wallet' });
    expect(stat(wallet, 'Available balance')).toHaveTextContent('47,687.5809');
    expect(stat(wallet, 'Wallet balance')).toHaveTextContent('49,965.6393');
    expect(stat(wallet, 'Total investment')).toHaveTextContent('9,700.0000');
    expect(stat(wallet, 'Investment removed')).toHaveTextContent('1,250.0000');

    const income = screen.getByRole('region', { name: 'Income from followers' });
    expect(stat(income, 'Followers')).toHaveTextContent('5');
    expect(stat(income, 'Profit share today')).toHaveTextContent('+0.2000');
    // 1.23456789: income is a PnL figure, rounded to the nearest
    expect(stat(income, 'Profit share in total')).toHaveTextContent('+1.2346');
    const followers = within(income).getByRole('table', { name: 'Followers' });
    // the columns are the followers' own figures, not what each brought the leader
    expect(
      within(income).getByText(
        "Income and yield rate are each follower's own: what they made on the positions they closed copying you, after your profit share. Open positions are not counted.",
      ),
    ).toBeInTheDocument();
    expect(rows(followers)).toEqual([
      // incomes -1.6817879 and 0.67695749: PnL figures, to the nearest
      ['1001', '5,000.0000', '-1.6818', '-0.03%'],
      ['1002', '2,000.0000', '+0.6770', '+0.03%'],
    ]);

    // the leader wallet overwrites its balances; the figure flashes
    r.push('copytrade.leaderWallet', [
      {
        availableBalanceE8: '4768858093310',
        walletBalanceE8: '4996563931910',
        totalInvestmentE8: '970000000000',
        totalRemovedInvestmentE8: '125000000000',
        updatedAtE3: String(T0 + 5),
      },
    ]);
    expect(within(stat(wallet, 'Available balance')).getByText('47,688.5809')).toHaveAttribute(
      'data-flash',
      'up',
    );

    // lead positions are not grouped
    const lead = screen.getByRole('table', { name: 'Lead positions' });
    expect(rows(lead).map((c) => c[0])).toEqual(['DOGEUSDT']);
  });

  it('charts the income history with today live, readable as a table', async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    await r.seed(SEED);
    const chart = await screen.findByRole('region', { name: 'Income over time' });
    const table = await within(chart).findByRole('table');
    expect(r.api.leaderIncomeHistory).toHaveBeenCalledWith({ days: 30 });
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const read = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((c) => c.textContent));
    // today's 0.1 from the history is replaced by the stream's 0.2; daily and running figures
    // are PnL figures, as "Profit share today" and "in total" above: signed, to the nearest
    expect(read()).toEqual([
      [day(TODAY - 2 * DAY_MS), '+1.0000', '+1.0000'],
      [day(TODAY - DAY_MS), '0.0000', '+1.0000'],
      [day(TODAY), '+0.2000', '+1.2000'],
    ]);
    // the same figure as "Profit share in total", written the same (a PnL: signed, to the nearest)
    expect(within(chart).getByText(/All time:/)).toHaveTextContent('All time: +1.2346');
    r.push('copytrade.leaderIncome', [
      leaderIncome(9, { todayShareProfitE8: '30000000', cumShareProfitE8: '133456789' }),
    ]);
    expect(read()[2]).toEqual([day(TODAY), '+0.3000', '+1.3000']);
  });

  it('shows the daily figures as a table on request, by keyboard, left to right in RTL (L11)', async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api(), lng: 'ar-SA' });
    await r.seed(SEED);
    const chart = await screen.findByRole('region', { name: 'الدخل عبر الزمن' });
    const table = await within(chart).findByRole('table', { name: 'حصة الأرباح اليومية' });
    // for screen readers only at first: the drawing's tooltip needs a pointer
    expect(table.closest('.mantine-VisuallyHidden-root')).not.toBeNull();
    const toggle = within(chart).getByRole('button', { name: 'الأرقام اليومية في جدول' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveAttribute('aria-controls');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const shown = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const visible = within(shown).getByRole('table', { name: 'حصة الأرباح اليومية' });
    expect(visible.closest('.mantine-VisuallyHidden-root')).toBeNull();
    expect(within(chart).getAllByRole('table')).toEqual([visible]);
    // dates and figures isolated left to right inside the RTL page
    const today = within(visible).getAllByRole('row').at(-1)!;
    for (const cell of today.children) expect(cell.firstElementChild).toHaveAttribute('dir', 'ltr');
    // (Arabic writes a left-to-right mark before a sign)
    expect([...today.children].slice(1).map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^\u200e?\+0\.2000$/),
      expect.stringMatching(/^\u200e?\+1\.2000$/),
    ]);
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(chart).getByRole('table').closest('.mantine-VisuallyHidden-root')).not.toBeNull();
  });

  it("writes today's profit share in the chart's table as the income section does, where rounding down would differ", async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    await r.seed({
      ...SEED,
      'copytrade.leaderIncome': leaderIncome(1, {
        ...SEED['copytrade.leaderIncome'],
        todayShareProfitE8: '268167472', // 2.68167472: 2.6817 to the nearest, 2.6816 down
      }),
    });
    const income = screen.getByRole('region', { name: 'Income from followers' });
    expect(stat(income, 'Profit share today')).toHaveTextContent('+2.6817');
    const chart = await screen.findByRole('region', { name: 'Income over time' });
    const table = await within(chart).findByRole('table');
    const today = within(table).getAllByRole('row').at(-1)!;
    // 1 + 0 + 2.68167472 = 3.68167472 running
    expect([...today.children].slice(1).map((c) => c.textContent)).toEqual(['+2.6817', '+3.6817']);
  });

  it("writes the tooltip's daily and running figures as PnL figures too", async () => {
    await renderScreen(
      <IncomeTooltip
        active
        payload={[
          {
            payload: {
              dayMs: TODAY,
              dailyE8: '268167472',
              cumulativeE8: '-12345678',
              daily: 2.68167472,
              cumulative: -0.12345678,
              live: true,
            },
          },
        ]}
      />,
    );
    expect(screen.getByText(/^Profit share of the day/)).toHaveTextContent('+2.6817');
    expect(screen.getByText(/^Running total/)).toHaveTextContent('-0.1235');
  });

  it('lists the bots and refreshes them every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const a = api();
      const r = await renderScreen(<LeaderScreen />, { api: a });
      await r.seed(SEED);
      const table = await screen.findByRole('table', { name: 'Open trading bots' });
      expect(rows(table)).toEqual([
        ['BTCUSDT', 'Grid', '1,000.0000', '-25.0000', 'Running', expect.any(String)],
        ['ETHUSDT', 'DCA', '1,000.0000', '-25.0000', 'Paused', expect.any(String)],
      ]);
      expect(a.leaderBots).toHaveBeenCalledTimes(1);
      a.leaderBots.mockResolvedValueOnce({ list: [bot('b1', { pnlE8: '100000000' })] });
      await act(() => vi.advanceTimersByTimeAsync(BOTS_REFRESH_MS));
      expect(a.leaderBots).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(rows(table)).toHaveLength(1));
      expect(rows(table)[0]![3]).toBe('+1.0000');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a retry when the bots or the history cannot be loaded', async () => {
    const a = api();
    a.leaderBots.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 9000005 }));
    a.leaderIncomeHistory.mockRejectedValueOnce(new Error('y'));
    const r = await renderScreen(<LeaderScreen />, { api: a });
    await r.seed(SEED);
    const bots = screen.getByRole('region', { name: 'Trading bots' });
    await within(bots).findByRole('alert');
    expect(within(bots).getByRole('alert')).toHaveTextContent('The request did not go through.');
    await userEvent.click(within(bots).getByRole('button', { name: 'Try again' }));
    expect(
      await within(bots).findByRole('table', { name: 'Open trading bots' }),
    ).toBeInTheDocument();
    const chart = screen.getByRole('region', { name: 'Income over time' });
    expect(await within(chart).findByRole('alert')).toBeInTheDocument();
  });

  it('says so when there are no followers, no bots and no history', async () => {
    const r = await renderScreen(<LeaderScreen />);
    await r.seed({
      'copytrade.leaderWallet': SEED['copytrade.leaderWallet'],
      'copytrade.leaderIncome': leaderIncome(1, { followerCount: 0, followers: [] }),
      'copytrade.position': { list: [] },
    });
    expect(screen.getByText('No followers yet.')).toBeInTheDocument();
    expect(screen.getByText('No open lead positions.')).toBeInTheDocument();
    expect(await screen.findByText('No open trading bots.')).toBeInTheDocument();
    expect(await screen.findByText('No income history yet.')).toBeInTheDocument();
  });

  it('masks every amount when assets are hidden', async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    await r.seed(SEED);
    await screen.findByRole('table', { name: 'Open trading bots' });
    act(() => r.store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    const wallet = screen.getByRole('region', { name: 'Leader wallet' });
    expect(stat(wallet, 'Available balance')).toHaveTextContent(/^\*\*\*\*$/);
    const income = screen.getByRole('region', { name: 'Income from followers' });
    expect(stat(income, 'Profit share in total')).toHaveTextContent(/^\*\*\*\*$/);
    expect(stat(income, 'Followers')).toHaveTextContent('5'); // a count, not an amount
    expect(rows(within(income).getByRole('table'))[0]!.slice(1)).toEqual(['****', '****', '****']);
    expect(rows(screen.getByRole('table', { name: 'Open trading bots' }))[0]!.slice(2, 4)).toEqual([
      '****',
      '****',
    ]);
    const chart = screen.getByRole('region', { name: 'Income over time' });
    // The chart's history loads on its own: wait for it rather than assume it is there.
    expect(await within(chart).findByText(/All time:/)).toHaveTextContent('****');
  });

  it('replaces the income chart and its table while assets are hidden: the shape tells amounts', async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    await r.seed(SEED);
    const chart = await screen.findByRole('region', { name: 'Income over time' });
    await within(chart).findByRole('table');
    const drawing = () => chart.querySelector('figure > [aria-hidden]');
    expect(drawing()).not.toBeNull();
    act(() => r.store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    expect(
      within(chart).getByText('The chart is hidden while your assets are hidden.'),
    ).toBeVisible();
    expect(drawing()).toBeNull();
    expect(within(chart).queryByRole('table')).toBeNull();
    expect(chart.querySelector('svg, .recharts-wrapper')).toBeNull();
    act(() => r.store.set(preferencesAtom, { showAssets: 1, homeTradingPageUserGuide: 'hide' }));
    expect(within(chart).getByRole('table')).toBeInTheDocument();
    expect(drawing()).not.toBeNull();
  });

  it("leaves bot and follower columns out only on a narrow area, into the rows' details (H1)", async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    await r.seed(SEED);
    const leftOut = (table: HTMLElement, width: number) => {
      const css = table.parentElement!.querySelector('style')!.textContent!;
      const names = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      return leftOutAt(css, width).map((n) => names[n - 1]);
    };
    const bots = await screen.findByRole('table', { name: 'Open trading bots' });
    expect(leftOut(bots, 956)).toEqual([]);
    expect(leftOut(bots, 343)).toEqual(['Strategy', 'Investment', 'Created']);
    expect(within(bots).getAllByRole('button', { name: 'Details' })).toHaveLength(2);
    const followers = screen.getByRole('table', { name: 'Followers' });
    expect(leftOut(followers, 600)).toEqual([]);
    expect(leftOut(followers, 343)).toEqual(['Yield rate']);
    expect(within(followers).getAllByRole('button', { name: 'Details' })).toHaveLength(2);
  });

  it('never cuts a bot status badge or a figure at 375 px (M7)', async () => {
    const r = await renderScreen(<LeaderScreen />, { api: api() });
    await r.seed(SEED);
    const narrowest = (table: HTMLElement) =>
      [
        ...table
          .parentElement!.querySelector('style')!
          .textContent!.matchAll(/grid-template-columns: ([^;]+);/g),
      ].at(-1)![1];
    const bots = await screen.findByRole('table', { name: 'Open trading bots' });
    // "ПРИОСТАНОВЛЕН" was cut in a 96 px track; the PnL figure in a minmax(0, …) one
    expect(narrowest(bots)).toBe('minmax(0, 1fr) minmax(88px, 1fr) 136px var(--vt-details-track)');
    expect(bots.style.getPropertyValue('--vt-columns')).toContain('minmax(148px, 0.8fr)');
    const followers = screen.getByRole('table', { name: 'Followers' });
    expect(narrowest(followers)).toBe(
      'minmax(0, 0.9fr) minmax(88px, 1.2fr) minmax(80px, 1fr) var(--vt-details-track)',
    );
  });
});
