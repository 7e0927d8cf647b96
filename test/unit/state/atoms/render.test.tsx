/**
 * Rendering through the stream atoms: a burst of frames is one React commit, only rows whose data
 * changed re-render, row atoms go away with their rows once unmounted, and a virtual table holds
 * atoms only for the rows in view.
 */
import { act, render, screen, within } from '@testing-library/react';
import { Provider, useAtomValue } from 'jotai';
import { memo, Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StreamAtoms } from '@src/state/atoms/stream';
import { Cell, VirtualTable, type TableColumn } from '@src/ui/table/VirtualTable';
import { order, privateText, T0 } from '../fixtures';
import { setup } from '../../pipeline/harness';

const rowRendered = vi.fn<(id: string) => void>();
const tableRendered = vi.fn<() => void>();

const Row = memo(function Row({ atoms, id }: { atoms: StreamAtoms; id: string }) {
  const o = useAtomValue(atoms.orderRowAtom(id));
  rowRendered(id);
  return (
    <tr>
      <th scope="row">{id}</th>
      <td>{o?.qty}</td>
    </tr>
  );
});

function Orders({ atoms }: { atoms: StreamAtoms }) {
  const keys = useAtomValue(atoms.orderKeysAtom);
  tableRendered();
  return (
    <table aria-label="Orders">
      <tbody>
        {keys.map((k) => (
          <Row key={k} atoms={atoms} id={k} />
        ))}
      </tbody>
    </table>
  );
}

describe('rendering from the stream atoms', () => {
  it('2 000 frames: one commit, only the changed rows re-render', () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    const ids = Array.from({ length: 200 }, (_, i) => `o${i}`);
    h.feed(
      'private',
      privateText(
        'copytrade.order',
        1,
        ids.map((id) => order(id, 1)),
      ),
    );
    h.sched.tick();
    const commits: string[] = [];
    const view = render(
      <Provider store={h.store}>
        <Profiler id="orders" onRender={(_id, phase) => commits.push(phase)}>
          <Orders atoms={h.atoms} />
        </Profiler>
      </Provider>,
    );
    expect(screen.getByRole('table', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(200);
    commits.length = 0;
    rowRendered.mockClear();
    tableRendered.mockClear();

    act(() => {
      for (let i = 0; i < 2_000; i++) {
        const id = `o${(i * 7) % 50}`; // 50 distinct orders, 40 updates each
        h.feed(
          'private',
          privateText('copytrade.order', i + 2, [order(id, 2 + i, { qty: String(i) })]),
        );
      }
    });
    expect(commits).toHaveLength(0);
    act(() => {
      h.sched.tick();
    });
    expect(h.writes.count).toBe(2);
    expect(commits).toEqual(['update']);
    expect(tableRendered).not.toHaveBeenCalled();
    expect(rowRendered).toHaveBeenCalledTimes(50);
    expect(screen.getByRole('rowheader', { name: 'o0' }).nextSibling).toHaveTextContent('1950');

    // A new order: the table re-renders once; the other rows do not.
    rowRendered.mockClear();
    act(() => {
      h.feed(
        'private',
        privateText('copytrade.order', 3_000, [
          order('new', 5_000, { createdAtE3: String(T0 + 9_999) }),
        ]),
      );
      h.sched.tick();
    });
    expect(tableRendered).toHaveBeenCalledTimes(1);
    // (React may call a newly mounted row twice; no other row renders.)
    expect(new Set(rowRendered.mock.calls.map(([id]) => id))).toEqual(new Set(['new']));
    expect(screen.getAllByRole('row')[0]).toHaveTextContent('new');

    // Unmounted, with every order gone: no row atom is left behind.
    view.unmount();
    act(() => {
      h.feed(
        'private',
        privateText(
          'copytrade.order',
          3_001,
          [...ids, 'new'].map((id) => ({
            orderId: id,
            copyTradeOrderStatus: 'Cancelled',
            updatedAtE3: String(T0 + 99_999),
          })),
        ),
      );
      h.sched.tick();
    });
    expect(h.atoms.liveRowAtoms().order).toBe(0);
  });
});

const ORDER_COLUMNS: TableColumn[] = [
  { id: 'id', header: 'Order', width: '1fr' },
  { id: 'qty', header: 'Qty', width: '1fr', align: 'end' },
];

const VirtualRow = memo(function VirtualRow({ atoms, id }: { atoms: StreamAtoms; id: string }) {
  const o = useAtomValue(atoms.orderRowAtom(id));
  return (
    <>
      <Cell header>{id}</Cell>
      <Cell align="end">{o?.qty}</Cell>
    </>
  );
});

function VirtualOrders({ atoms }: { atoms: StreamAtoms }) {
  const keys = useAtomValue(atoms.orderKeysAtom);
  return (
    <VirtualTable<string>
      label="Orders"
      columns={ORDER_COLUMNS}
      items={keys}
      itemKey={(k) => k}
      renderRow={(k) => <VirtualRow atoms={atoms} id={k} />}
      rowHeight={40}
      maxHeight={400}
    />
  );
}

describe('a virtual table through the stream atoms', () => {
  it('holds atoms for the rows in view only, and a row scrolled back shows its latest value', async () => {
    const h = setup();
    h.ingest.subscribed('private', [], 'c1');
    const ids = Array.from({ length: 500 }, (_, i) => `o${String(i).padStart(3, '0')}`);
    // Newest first: o000 is created last, so it is the first row.
    h.feed(
      'private',
      privateText(
        'copytrade.order',
        1,
        ids.map((id, i) => order(id, 1, { createdAtE3: String(T0 + 1_000 - i) })),
      ),
    );
    h.sched.tick();
    render(
      <Provider store={h.store}>
        <VirtualOrders atoms={h.atoms} />
      </Provider>,
    );
    const t = screen.getByRole('table', { name: 'Orders' });
    const qtyOf = (id: string) =>
      within(t).getByRole('rowheader', { name: id }).nextElementSibling?.textContent;
    expect(qtyOf('o000')).toBe(order('o000', 1).qty);
    const inView = h.atoms.liveRowAtoms().order;
    expect(inView).toBeLessThanOrEqual(20);

    // Scrolled to the end: the first rows leave the DOM.
    const scrollTo = async (top: number) => {
      Object.defineProperty(t, 'scrollTop', { configurable: true, value: top });
      await act(async () => {
        t.dispatchEvent(new Event('scroll'));
        await new Promise((r) => setTimeout(r, 20));
      });
    };
    await scrollTo(40 * 490);
    expect(within(t).queryByRole('rowheader', { name: 'o000' })).toBeNull();
    expect(within(t).getByRole('rowheader', { name: 'o499' })).toBeInTheDocument();

    // Two writes later the atoms of the rows that left are gone; o000 changes meanwhile.
    for (let i = 2; i <= 3; i++) {
      act(() => {
        h.feed('private', privateText('copytrade.order', i, [order('o000', i, { qty: `${i}` })]));
        h.sched.tick();
      });
    }
    expect(h.atoms.liveRowAtoms().order).toBeLessThanOrEqual(inView);

    // Back at the top: o000 shows the value it got while out of view, and follows new ones.
    await scrollTo(0);
    expect(qtyOf('o000')).toBe('3');
    act(() => {
      h.feed('private', privateText('copytrade.order', 4, [order('o000', 4, { qty: '4' })]));
      h.sched.tick();
    });
    expect(qtyOf('o000')).toBe('4');
    // The rows at the end left the view one write ago: their atoms go at the next.
    expect(h.atoms.liveRowAtoms().order).toBeGreaterThan(inView);
    act(() => {
      h.feed('private', privateText('copytrade.order', 5, [order('o499', 5)]));
      h.sched.tick();
    });
    expect(h.atoms.liveRowAtoms().order).toBeLessThanOrEqual(inView);
  });
});
