import { describe, expect, it } from 'vitest';
import {
  applyItems,
  applyPrivateFrame,
  applySnapshot,
  applyTickers,
  initialStreamState,
  TOPIC_REDUCERS,
} from '@src/state/model';
import { positionList } from '@src/state/positions';
import { PRIVATE_TOPICS } from '@src/wire/protocol';
import { validateTicker } from '@src/wire/validate';
import { at, dataFrame, leaderWallet, order, position, risk, T0, wallet } from './fixtures';

const micros = (dt: number) => `${T0 + dt}000`;

describe('StreamState', () => {
  it('starts with default wallets and nothing else', () => {
    const s = initialStreamState();
    expect([...s.wallet.rows.keys()]).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    expect(s.risk).toBeNull();
    expect(s['copytrade.account']).toBeNull();
    expect(s['copytrade.order'].rows.size).toBe(0);
    expect(s['copytrade.position'].order).toEqual([]);
    expect(s['copytrade.leaderWallet']).toBeNull();
    expect(s['copytrade.leaderIncome']).toBeNull();
    expect(s.tickers.size).toBe(0);
  });

  it('has a reducer for every private topic', () => {
    expect(Object.keys(TOPIC_REDUCERS).sort()).toEqual([...PRIVATE_TOPICS].sort());
    for (const t of PRIVATE_TOPICS)
      expect(TOPIC_REDUCERS[t].empty()).toEqual(initialStreamState()[t]);
  });

  it('touches only the topic it applies to, and returns the same state when nothing changes', () => {
    const s0 = initialStreamState();
    const s1 = applyItems(s0, 'copytrade.order', [order('o1', 1)]);
    expect(s1).not.toBe(s0);
    expect(s1.wallet).toBe(s0.wallet);
    expect(s1.tickers).toBe(s0.tickers);
    expect(applyItems(s1, 'copytrade.order', [order('o1', 0)])).toBe(s1);
    expect(applyItems(s1, 'risk', [])).toBe(s1);
    expect(applyTickers(s1, [{ type: 'delta', data: validateTicker({ symbol: 'X' }) }])).toBe(s1);
  });
});

describe('applyPrivateFrame', () => {
  it('merges a delta frame', () => {
    const s = applyPrivateFrame(initialStreamState(), dataFrame('risk', 1, [risk(1)]));
    expect(s.risk).toEqual(risk(1));
  });

  it('a snapshot frame replaces the topic, timed by its creationTime', () => {
    let s = applyItems(initialStreamState(), 'copytrade.order', [order('o1', 1), order('o2', 1)]);
    s = applyPrivateFrame(s, dataFrame('copytrade.order', 50, [order('o2', 40)], 'snapshot'));
    expect([...s['copytrade.order'].rows.keys()]).toEqual(['o2']);
    expect(s['copytrade.order'].gone.get('o1')).toBe(micros(50));
    // A delta older than the snapshot does not bring o1 back.
    s = applyPrivateFrame(s, dataFrame('copytrade.order', 51, [order('o1', 45)]));
    expect(s['copytrade.order'].rows.has('o1')).toBe(false);
  });
});

describe('snapshot and the deltas queued while it was in flight (PROTOCOL.md section 6)', () => {
  it('the snapshot replaces the topic, then queued deltas apply on top with absentBefore', () => {
    // Live deltas applied while the request was in flight:
    const queued = [
      order('o1', 3, { qty: '1' }), // o1 closes before the snapshot is taken...
      order('o1', 4, { copyTradeOrderStatus: 'OpenOrderCancelled' }),
      order('o2', 12, { qty: '2' }), // ...o2 changes after it was taken
      order('o3', 13), // o3 is created after it was taken
    ];
    let s = applyItems(initialStreamState(), 'copytrade.order', queued);
    // The snapshot, taken at +10 ms, knows o2 (older) and not o1.
    const atMicros = micros(10);
    s = applySnapshot(s, 'copytrade.order', [order('o2', 8, { qty: '0.5' })], atMicros);
    s = applyItems(s, 'copytrade.order', queued, { absentBefore: atMicros });
    const rows = s['copytrade.order'].rows;
    expect([...rows.keys()].sort()).toEqual(['o2', 'o3']);
    expect(rows.get('o2')?.qty).toBe('2');
    expect(rows.get('o2')?.updatedAtE3).toBe(at(12));
  });

  it('applies to every keyed topic and to singles', () => {
    let s = initialStreamState();
    s = applySnapshot(s, 'copytrade.position', [position('A', 0, 1, 5)], micros(10));
    s = applyItems(s, 'copytrade.position', [position('B', 0, 1, 9), position('C', 0, 1, 11)], {
      absentBefore: micros(10),
    });
    expect(positionList(s['copytrade.position']).map((p) => p.symbol)).toEqual(['C', 'A']);

    s = applySnapshot(s, 'wallet', [wallet('BTC', 3)], micros(10));
    s = applyItems(s, 'wallet', [wallet('BTC', 2), wallet('SOL', 1)], { absentBefore: micros(10) });
    expect(s.wallet.rows.get('BTC')?.walletVersion).toBe(3);
    expect(s.wallet.rows.has('SOL')).toBe(false);

    s = applySnapshot(s, 'copytrade.leaderWallet', [], micros(10));
    s = applyItems(s, 'copytrade.leaderWallet', [leaderWallet(9)], { absentBefore: micros(10) });
    expect(s['copytrade.leaderWallet']).toBeNull();
    s = applySnapshot(s, 'risk', [risk(9)], micros(10));
    s = applyItems(s, 'risk', [risk(8)], { absentBefore: micros(10) });
    expect(s.risk).toEqual(risk(9));
  });
});
