/**
 * Rendering through the stream atoms: a burst of frames is one React commit, only rows whose data
 * changed re-render, and row atoms go away with their rows once unmounted.
 */
import { act, render, screen } from '@testing-library/react';
import { Provider, useAtomValue } from 'jotai';
import { memo, Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StreamAtoms } from '@src/state/atoms/stream';
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
