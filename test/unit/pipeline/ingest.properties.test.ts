/**
 * Batching is invisible: whatever the flush timing and the buffer limit, the ingest commits the
 * state of applying every frame one by one through the model (as the replay does), and its row
 * atoms show exactly that state's rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPrivateFrame,
  applyTickers,
  initialStreamState,
  type StreamState,
} from '@src/state/model';
import { positionKey } from '@src/state/positions';
import { decodeFrame } from '@src/wire/decode';
import { order, position, privateText, tickerText, wallet } from '../state/fixtures';
import { setup } from './harness';

const frameArb = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    id: fc.constantFrom('a', 'b', 'c', '__proto__'),
    dt: fc.nat(20),
    status: fc.constantFrom('OpenOrderFilled', 'OpenOrderCancelled', 'OpenOrderClosing'),
  }),
  fc.record({
    kind: fc.constant('position' as const),
    sym: fc.constantFrom('A', 'B', 'C'),
    dt: fc.nat(20),
    open: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('wallet' as const),
    coin: fc.constantFrom('BTC', 'SOL', 'constructor'),
    v: fc.nat(20),
  }),
  fc.record({
    kind: fc.constant('ticker' as const),
    sym: fc.constantFrom('X', 'Y'),
    snap: fc.boolean(),
    p: fc.nat(99),
  }),
  fc.record({ kind: fc.constant('flush' as const) }),
);

describe('ingest batching', () => {
  it('commits the state of applying every frame in order, whatever the flush timing', () => {
    fc.assert(
      fc.property(
        fc.array(frameArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        (steps, maxBuffered) => {
          const h = setup({ maxBufferedFrames: maxBuffered });
          h.ingest.subscribed('public', [], 'p');
          h.ingest.subscribed('private', [], 'c');
          let expected: StreamState = initialStreamState();
          const seq = { order: 0, position: 0, wallet: 0 };
          const live = new Set<string>();
          for (const s of steps) {
            if (s.kind === 'flush') {
              h.sched.tick();
              continue;
            }
            let stream: 'public' | 'private' = 'private';
            let text: string;
            if (s.kind === 'order') {
              text = privateText('copytrade.order', ++seq.order, [
                order(s.id, s.dt, { copyTradeOrderStatus: s.status, qty: String(s.dt) }),
              ]);
            } else if (s.kind === 'position') {
              text = privateText('copytrade.position', ++seq.position, [
                position(s.sym, 0, 1, s.dt, { entryPrice: s.open ? '1' : '0', size: String(s.dt) }),
              ]);
            } else if (s.kind === 'wallet') {
              text = privateText('wallet', ++seq.wallet, [wallet(s.coin, s.v)]);
            } else {
              stream = 'public';
              text = tickerText(s.sym, s.snap ? 'snapshot' : 'delta', { lastPrice: String(s.p) });
            }
            h.feed(stream, text);
            const f = decodeFrame(stream, text);
            if (f.kind === 'data') expected = applyPrivateFrame(expected, f);
            else if (f.kind === 'ticker') {
              if (f.type === 'snapshot') live.add(f.data.symbol);
              if (live.has(f.data.symbol)) expected = applyTickers(expected, [f]);
            }
          }
          h.ingest.flush();
          const got = h.store.get(h.atoms.streamStateAtom);
          expect([...got['copytrade.order'].rows]).toEqual([...expected['copytrade.order'].rows]);
          expect(got['copytrade.position'].order).toEqual(expected['copytrade.position'].order);
          expect([...got['copytrade.position'].rows].sort()).toEqual(
            [...expected['copytrade.position'].rows].sort(),
          );
          expect([...got.wallet.rows]).toEqual([...expected.wallet.rows]);
          expect([...got.tickers].map(([k, v]) => [k, { ...v }])).toEqual(
            [...expected.tickers].map(([k, v]) => [k, { ...v }]),
          );
          // The row atoms agree with the committed state.
          for (const [id, o] of expected['copytrade.order'].rows) {
            expect(h.store.get(h.atoms.orderRowAtom(id))).toEqual(o);
          }
          for (const p of expected['copytrade.position'].rows.values()) {
            expect(h.store.get(h.atoms.positionRowAtom(positionKey(p)))).toEqual(p);
          }
          expect(h.store.get(h.atoms.positionKeysAtom)).toEqual(
            expected['copytrade.position'].order,
          );
          expect([...h.store.get(h.atoms.orderKeysAtom)].sort()).toEqual(
            [...expected['copytrade.order'].rows.keys()].sort(),
          );
          expect(h.store.get(h.atoms.ingestStatsAtom).framesApplied).toBe(
            steps.filter((s) => s.kind !== 'flush').length,
          );
        },
      ),
      { numRuns: 120 },
    );
  });
});
