/**
 * The follower screen fed through the real ingest: totals, positions grouped by leader with live
 * PnL from the tickers, the kept orders, every data state, flashes, masking and row identity.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FollowerScreen from '@src/features/copytrade/FollowerScreen';
import { preferencesAtom } from '@src/state/client';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { advance, rig, type Rig } from '../../machines/harness';
import { at, copyAccount, order, position } from '../../state/fixtures';
import { settle } from '../../pipeline/harness';
import { renderScreen } from '../harness';
import { leftOutAt } from '../../ui/table/narrow-css';

const ALL = {
  'copytrade.account': copyAccount(1, {
    assetsE8: '999435595533',
    incomeE8: '-564404467',
    yieldRateE4: '-5',
    availableE8: '959806889633',
    walletE8: '999584999533',
    shareProfitE8: '20420499',
    cumRealisedPnlE8: '-394579968',
  }),
  'copytrade.position': {
    list: [
      // display order: newest first
      position('DOGEUSDT', 2, 2001, 1, {
        size: '9584',
        entryPrice: '0.1200100',
        markPrice: '0.11992',
        leverage: '10',
        unrealisedPnlE8: '86256000',
      }),
      position('ADAUSDT', 0, 2002, 1, {
        side: 'Buy',
        size: '1410',
        entryPrice: '0.361050',
        markPrice: '0.3608',
        leverage: '3',
        unrealisedPnlE8: '-35250000',
      }),
      position('XRPUSDT', 2, 2001, 1, {
        size: '3997',
        entryPrice: '0.558299',
        markPrice: '0.5588',
        leverage: '20',
        unrealisedPnlE8: '-200410000',
      }),
    ],
  },
  'copytrade.order': {
    list: [
      order('o-filled', 1, { copyTradeOrderStatus: 'OpenOrderFilled', symbol: 'XRPUSDT' }),
      order('o-part', 1, {
        copyTradeOrderStatus: 'OpenOrderPartiallyFilled',
        cumExecQty: '0.25',
        createdAtE3: at(5),
      }),
      order('o-new', 1, { copyTradeOrderStatus: 'New' }),
      order('o-cancelled', 1, { copyTradeOrderStatus: 'Cancelled' }),
    ],
  },
};

const positionsTable = () => screen.getByRole('table', { name: 'Copied positions' });
const ordersTable = () => screen.getByRole('table', { name: 'Copied orders' });
/** The body rows of a table, as arrays of cell texts. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      // the figures, not the row's details button
      [...r.querySelectorAll('[role="cell"]:not([data-vt-details]), [role="rowheader"]')].map(
        (c) => c.textContent,
      ),
    );
const rowOf = (table: HTMLElement, header: string) =>
  within(table).getByRole('rowheader', { name: header }).closest('[role="row"]') as HTMLElement;
const stat = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

/** The names of the columns a table's narrow layout leaves out of the rows' line at a width. */
const leftOut = (table: HTMLElement, width: number) => {
  const css = table.parentElement!.querySelector('style')!.textContent!;
  const names = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return leftOutAt(css, width).map((n) => names[n - 1]);
};

describe('follower screen', () => {
  it('shows loading, then the account totals', async () => {
    const r = await renderScreen(<FollowerScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Copy trading' })).toBeInTheDocument();
    r.subscribe(['copytrade.account', 'copytrade.position', 'copytrade.order']);
    expect(screen.getByRole('status', { name: 'Loading the account' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading positions' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    await r.answer(ALL);

    const account = screen.getByRole('region', { name: 'Copy-trading account' });
    expect(within(account).queryByRole('status')).toBeNull();
    // live: wallet 9,995.84999533 + unrealised -1.49404 (a balance, rounded down)
    expect(stat('Total assets (USDT, live)')).toHaveTextContent('9,994.3559');
    // live: realised -3.94579968 - share 0.20420499 + unrealised -1.49404 (a PnL: nearest)
    expect(stat('Income (live)')).toHaveTextContent('-5.6440');
    expect(stat('Yield rate (at last update)')).toHaveTextContent('-0.05%');
    expect(stat('Available (at last update)')).toHaveTextContent('9,598.0688');
    expect(stat('Wallet balance')).toHaveTextContent('9,995.8499');
    expect(stat('Profit share paid')).toHaveTextContent('0.2042');
    expect(stat('Cumulative realised PnL')).toHaveTextContent('-3.9458'); // -3.94579968, nearest
    // no quotes yet: the positions' own valuations, 0.86256 - 0.3525 - 2.0041
    expect(stat('Unrealised PnL (live)')).toHaveTextContent('-1.4940');
    expect(stat('Income (live)').firstElementChild).toHaveAttribute('data-tone', 'down');
  });

  it('groups positions by leader, and values them live from the quotes', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    const table = positionsTable();
    expect(table).toHaveAttribute('aria-rowcount', '6'); // header, 2 groups, 3 positions
    expect(cells(table).map((c) => c[0])).toEqual([
      expect.stringContaining('Leader 2001'),
      'DOGEUSDT',
      'XRPUSDT',
      expect.stringContaining('Leader 2002'),
      'ADAUSDT',
    ]);
    expect(cells(table)[0]![0]).toContain('Positions: 2');
    expect(cells(table)[1]).toEqual([
      'DOGEUSDT',
      'Short',
      '9,584',
      '0.1200100',
      '0.11992',
      '50,000',
      '10×',
      '+0.8626', // 0.86256: a PnL is rounded to the nearest
      '+0.75%', // 0.86256 × 10 ÷ (0.12001 × 9584)
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    ]);

    // A quote arrives: mark 0.11983 → (0.1200100 - 0.11983) × 9584 = 1.722...
    r.quotes({ DOGEUSDT: { markPrice: '0.11983', lastPrice: '0.11984' } });
    const doge = rowOf(table, 'DOGEUSDT');
    expect(within(doge).getByText('0.11983')).toHaveAttribute('data-flash', 'down');
    expect(within(doge).getByText('+1.7251')).toHaveAttribute('data-flash', 'up');
    // exact: 0.00018 × 9584 = 1.72512 (shown at 4 decimals, to the nearest)
    // 1.72512 - 0.3525 - 2.0041 = -0.63148, to the nearest: -0.6315
    expect(stat('Unrealised PnL (live)')).toHaveTextContent('-0.6315');
    // total assets and income move with it, at the same instant (issue 15, item 3):
    // 9,995.84999533 - 0.63148 = 9,995.21851533; -4.15000467 - 0.63148 = -4.78148467
    expect(stat('Total assets (USDT, live)')).toHaveTextContent('9,995.2185');
    expect(stat('Income (live)')).toHaveTextContent('-4.7815');
    // the account's own figures as of its last update do not move
    expect(stat('Yield rate (at last update)')).toHaveTextContent('-0.05%');
    // (0.1200100 - 0.12101) × 9584 = -9.584
    r.tick('DOGEUSDT', { markPrice: '0.12101' });
    expect(within(doge).getByText('-9.5840')).toHaveAttribute('data-tone', 'down');
    expect(cells(table)[0]![0]).toContain('-11.5881'); // leader 2001: -9.584 - 2.0041
  });

  it('lists only the kept order statuses, newest first, and drops an order that leaves them', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    const table = ordersTable();
    expect(cells(table).map((c) => [c[0], c[7], c[9]])).toEqual([
      ['BTCUSDT', 'Partially filled', 'o-part'],
      ['XRPUSDT', 'Filled', 'o-filled'],
    ]);
    expect(cells(table)[0]).toEqual([
      'BTCUSDT',
      '2001',
      'Buy',
      'Limit',
      '64,000.5',
      '0.5',
      '0.25',
      'Partially filled',
      expect.any(String),
      'o-part',
    ]);
    r.push('copytrade.order', [
      { orderId: 'o-part', copyTradeOrderStatus: 'OpenOrderClosing', updatedAtE3: at(10) },
    ]);
    expect(cells(table)[0]![7]).toBe('Closing');
    r.push('copytrade.order', [
      { orderId: 'o-part', copyTradeOrderStatus: 'OpenOrderClosedFilled', updatedAtE3: at(11) },
      order('o-late', 12, { copyTradeOrderStatus: 'PendingNew' }),
    ]);
    expect(cells(table).map((c) => c[9])).toEqual(['o-filled']);
    expect(table).toHaveAttribute('aria-rowcount', '2');
  });
});

describe('follower screen states', () => {
  it('says so when there is nothing: no positions, no orders, no account', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed({
      'copytrade.account': null,
      'copytrade.position': { list: [] },
      'copytrade.order': { list: [] },
    });
    expect(screen.getByText('You have no copy-trading account yet.')).toBeInTheDocument();
    expect(screen.getByText('No open positions.')).toBeInTheDocument();
    expect(screen.getByText('No orders for open positions.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error while the first snapshot fails, and the data once a retry answers', async () => {
    vi.useFakeTimers();
    try {
      const r = await renderScreen(<FollowerScreen />);
      r.subscribe(['copytrade.position']);
      await act(async () => {
        r.h
          .request('copytrade.position')
          .reject(Object.assign(new Error('503'), { code: 9000003 }));
        await settle();
        r.h.sched.tick();
      });
      const positions = screen.getByRole('region', { name: 'Open positions by leader' });
      expect(within(positions).getByRole('alert')).toHaveTextContent(
        'We could not load this data. Retrying automatically.',
      );
      // the ingest retries by itself (1 s backoff step here)
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await r.answer({ 'copytrade.position': ALL['copytrade.position'] });
      expect(within(positions).queryByRole('alert')).toBeNull();
      expect(cells(positionsTable())).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the last values with a notice when a refresh fails', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    act(() => {
      r.h.ingest.reseed('copytrade.order');
      r.h.sched.tick();
    });
    const orders = screen.getByRole('region', { name: 'Orders of open positions' });
    expect(within(orders).getByText('Refreshing…')).toBeInTheDocument();
    expect(within(orders).queryByRole('status')).toBeNull(); // passing: not announced
    await act(async () => {
      r.h.request('copytrade.order').reject(new Error('down'));
      await Promise.resolve();
      r.h.sched.tick();
    });
    expect(within(orders).getByRole('alert')).toHaveTextContent(
      'Refreshing failed: showing the last known values.',
    );
    expect(cells(ordersTable())).toHaveLength(2);
  });

  it('masks every amount when assets are hidden (prices stay)', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    r.quotes({ DOGEUSDT: { markPrice: '0.11983' } });
    act(() => r.store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    for (const label of [
      'Total assets (USDT, live)',
      'Income (live)',
      'Yield rate (at last update)',
      'Available (at last update)',
    ]) {
      expect(stat(label)).toHaveTextContent(/^\*\*\*\*$/);
    }
    const doge = cells(positionsTable())[1]!;
    // size, PnL and ROE masked; entry, mark and liquidation prices shown
    expect([doge[2], doge[7], doge[8]]).toEqual(['****', '****', '****']);
    expect([doge[3], doge[4]]).toEqual(['0.1200100', '0.11983']);
    expect(cells(positionsTable())[0]![0]).toContain('****');
    const order = cells(ordersTable())[0]!;
    expect([order[5], order[6]]).toEqual(['****', '****']);
    expect(order[4]).toBe('64,000.5');
  });

  it('re-renders only the row that changed', async () => {
    const rendered: string[] = [];
    const r = await renderScreen(<FollowerScreen />, { probe: (id) => rendered.push(id) });
    await r.seed(ALL);
    r.quotes({ DOGEUSDT: { markPrice: '0.11983' }, XRPUSDT: { markPrice: '0.5588' } });
    rendered.length = 0;
    r.tick('XRPUSDT', { markPrice: '0.5590' });
    // the position, and its leader's live subtotal; not DOGE, not ADA, not leader 2002
    expect(rendered.sort()).toEqual(['XRPUSDT\u00002\u00002001', 'leader:2001']);
    rendered.length = 0;
    r.push('copytrade.order', [{ orderId: 'o-filled', cumExecQty: '0.5', updatedAtE3: at(20) }]);
    expect(rendered).toEqual(['o-filled']);
  });

  it("says the rows' words in the new language after a language change", async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    const positions = positionsTable();
    const orders = ordersTable();
    expect(cells(positions)[1]![1]).toBe('Short');
    expect(cells(orders)[0]!.slice(2, 4)).toEqual(['Buy', 'Limit']);
    await act(() => r.i18n.changeLanguage('ru-RU'));
    expect(cells(positions)[1]![1]).toBe('Шорт');
    const order = cells(orders)[0]!;
    expect(order.slice(2, 4)).toEqual(['Покупка', 'Лимитный']);
    expect(order[7]).toBe('Частично исполнен');
  });

  it('moves a position reopened to the front of its group, with its group subtotal', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    // closed and opened again in one frame: the same rows, XRP now first in leader 2001's group
    r.push('copytrade.position', [
      position('XRPUSDT', 2, 2001, 30, { size: '0', entryPrice: '0' }),
      position('XRPUSDT', 2, 2001, 31, {
        size: '100',
        entryPrice: '0.5590',
        markPrice: '0.5588',
        unrealisedPnlE8: '2000000',
        createdAtE3: at(31),
      }),
    ]);
    expect(cells(positionsTable()).map((row) => row[0])).toEqual([
      expect.stringContaining('2001'),
      'XRPUSDT',
      'DOGEUSDT',
      expect.stringContaining('2002'),
      'ADAUSDT',
    ]);
    // a group row is rendered again only when its members change (memo on the members, not on
    // the key list the table builds anew): its count and subtotal still follow them
    const groups = cells(positionsTable()).filter((row) => row.length === 1);
    expect(groups[0]![0]).toBe('Leader 2001, Positions: 2, Unrealised PnL: +0.8826');
    r.push('copytrade.position', [
      position('DOGEUSDT', 2, 2001, 32, { size: '0', entryPrice: '0' }),
    ]);
    const after = cells(positionsTable()).filter((row) => row.length === 1);
    expect(after[0]![0]).toBe('Leader 2001, Positions: 1, Unrealised PnL: +0.0200');
    expect(after[1]![0]).toBe('Leader 2002, Positions: 1, Unrealised PnL: -0.3525');
  });
});

describe('follower screen when the connection drops', () => {
  let pub: Rig;
  let priv: Rig;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    pub.stop();
    priv.stop();
    vi.useRealTimers();
  });

  it('tells that values may be out of date, and clears once reconnected', async () => {
    pub = rig('public');
    priv = rig('private');
    const r = await renderScreen(<FollowerScreen />);
    act(() => r.store.set(liveConnectionsAtom, { public: pub.actor, private: priv.actor }));
    await r.seed(ALL);
    await act(() => advance(100));
    const positions = screen.getByRole('region', { name: 'Open positions by leader' });
    expect(within(positions).queryByRole('status')).toBeNull();

    await act(async () => {
      priv.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      pub.exchange.last.close({ code: 1006, reason: '', wasClean: false });
      await advance(5);
    });
    expect(
      within(positions)
        .getAllByRole('note')
        .map((n) => n.textContent),
    ).toEqual([
      expect.stringMatching(/^Connection lost: these values may be out of date/),
      expect.stringMatching(/^Prices are not live/),
    ]);
    expect(within(positions).getByText(/Prices are not live/)).toBeInTheDocument();
    // Every section shows it, none announces it: the page does, once (review L3).
    expect(screen.getAllByText(/Connection lost: these values may be out of date/)).toHaveLength(3);
    expect(screen.queryAllByRole('status')).toEqual([]);
    // the data stays on screen
    expect(cells(positionsTable())).toHaveLength(5);

    await act(() => advance(35_000));
    expect(within(positions).queryByText(/Connection lost/)).toBeNull();
  });

  it('leaves columns out of the rows only as the area narrows, least important first (H1)', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    const positions = positionsTable();
    // 1 440 px: every column
    expect(leftOut(positions, 1200)).toEqual([]);
    // 1 024 px (a 956 px area): eight of the ten stay
    expect(leftOut(positions, 956)).toEqual(['Entry price', 'Opened']);
    // 375 px: symbol, side and unrealised PnL in the row's line
    expect(leftOut(positions, 343)).toEqual([
      'Size',
      'Entry price',
      'Mark price',
      'Liq. price',
      'Leverage',
      'ROE',
      'Opened',
    ]);
    const orders = ordersTable();
    expect(leftOut(orders, 1200)).toEqual([]);
    expect(leftOut(orders, 956)).toEqual(['Created', 'Order ID']);
    expect(leftOut(orders, 343)).toEqual([
      'Leader',
      'Type',
      'Price',
      'Quantity',
      'Filled',
      'Created',
      'Order ID',
    ]);
  });

  it("opens a position's details from the keyboard; they keep ticking with the quotes (H1)", async () => {
    const user = userEvent.setup();
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    const table = positionsTable();
    // the group rows have no details; every position row has
    expect(within(table).getAllByRole('button', { name: 'Details' })).toHaveLength(3);
    const row = rowOf(table, 'DOGEUSDT');
    const button = within(row).getByRole('button', { name: 'Details' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(row).toHaveAttribute('data-expanded');
    // the left-out cells are the row's own cells: a quote moves the mark price in them
    const mark = () => within(row).getAllByRole('cell')[3]!;
    expect(mark()).toHaveTextContent('0.11992');
    r.quotes({ DOGEUSDT: { markPrice: '0.11983', lastPrice: '0.11984' } });
    expect(rowOf(table, 'DOGEUSDT')).toHaveAttribute('data-expanded');
    expect(within(mark()).getByText('0.11983')).toHaveAttribute('data-flash', 'down');
  });

  it('never cuts a figure, a badge or an order id (M7)', async () => {
    const r = await renderScreen(<FollowerScreen />);
    await r.seed(ALL);
    /** The tracks of a table: wide (its style), and in its narrowest layout (its CSS). */
    const tracks = (table: HTMLElement) => {
      const css = table.parentElement!.querySelector('style')!.textContent!;
      const all = [...css.matchAll(/grid-template-columns: ([^;]+);/g)].map((m) => m[1]);
      return { wide: table.style.getPropertyValue('--vt-columns'), narrowest: all.at(-1) };
    };
    const positions = tracks(positionsTable());
    // the side badge's track is never narrower than the badge ("ПОКУ…", "VERK…" were cut)
    expect(positions.wide.split(' minmax(')[1]).toBe('104px, 0.7fr)');
    // the unrealised PnL's track fits the figure at 375 px
    expect(positions.narrowest).toBe(
      'minmax(0, 1.1fr) 80px minmax(96px, 1.2fr) var(--vt-details-track)',
    );
    const orders = tracks(ordersTable());
    // side and type: at least their content's width
    expect(orders.wide).toMatch(
      /^minmax\(110px, 1fr\) minmax\(72px, 0.7fr\) minmax\(116px, 0.7fr\) minmax\(96px, 0.7fr\) /,
    );
    // 375 px: the quantity moves to the details (it was cut, "129,…"), the status wraps
    expect(orders.narrowest).toBe(
      'minmax(96px, 1.2fr) 90px minmax(0, 1fr) var(--vt-details-track)',
    );
    // the whole order id, readable without a mouse: no tooltip-only text
    const id = within(rowOf(ordersTable(), 'BTCUSDT')).getAllByRole('cell').at(-2)!;
    expect(id).toHaveTextContent('o-part');
    expect(id.querySelector('[title]')).toBeNull();
  });
});
