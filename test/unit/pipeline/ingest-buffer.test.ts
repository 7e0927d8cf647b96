import { describe, expect, it } from 'vitest';
import { initialStreamState } from '@src/state/model';
import { positionKey } from '@src/state/positions';
import { IngestBuffer } from '@src/pipeline/ingest-buffer';
import { validateTicker } from '@src/wire/validate';
import { order, position, T0 } from '../state/fixtures';

describe('IngestBuffer', () => {
  it('joins consecutive deltas of a topic without touching the frames’ own arrays', () => {
    const b = new IngestBuffer();
    const f1 = [order('a', 1)];
    const f2 = [order('a', 2, { qty: '2' }), order('b', 2)];
    b.delta('copytrade.order', f1);
    b.delta('copytrade.order', f2);
    expect(f1).toHaveLength(1);
    expect(b.size).toBe(2);
    const { state } = b.fold(initialStreamState());
    expect(state['copytrade.order'].rows.get('a')?.qty).toBe('2');
    expect(b.size).toBe(0);
  });

  it('keeps deltas with a different absentBefore in their own run, in order', () => {
    const b = new IngestBuffer();
    b.snapshot('copytrade.order', [], `${T0 + 10}000`);
    b.delta('copytrade.order', [order('stale', 5)], { absentBefore: `${T0 + 10}000` });
    b.delta('copytrade.order', [order('live', 5)]);
    const { state } = b.fold(initialStreamState());
    expect([...state['copytrade.order'].rows.keys()]).toEqual(['live']);
  });

  it('reports touched keys, or every key after a snapshot', () => {
    const b = new IngestBuffer();
    b.delta('copytrade.position', [position('A', 0, 1, 1)]);
    b.delta('copytrade.order', [order('o', 1)]);
    b.ticker({ type: 'snapshot', data: validateTicker({ symbol: 'X' }) });
    const t = b.takeTouched();
    expect([...(t.position ?? [])]).toEqual([positionKey(position('A', 0, 1, 1))]);
    expect([...(t.order ?? [])]).toEqual(['o']);
    expect([...(t.quote ?? [])]).toEqual(['X']);
    expect(t.wallet?.size).toBe(0);
    b.snapshot('copytrade.order', [], undefined);
    expect(b.takeTouched().order).toBeUndefined();
    b.clear();
    expect(b.takeTouched()).toEqual({});
  });

  it('removes a ticker between the frames around it', () => {
    const b = new IngestBuffer();
    const snap = (p: string) => ({
      type: 'snapshot' as const,
      data: validateTicker({ symbol: 'X', lastPrice: p }),
    });
    b.ticker(snap('1'));
    b.removeTicker('X');
    b.ticker({ type: 'delta', data: validateTicker({ symbol: 'X', lastPrice: '2' }) });
    let r = b.fold(initialStreamState());
    expect(r.state.tickers.has('X')).toBe(false);
    expect(r.ignored).toBe(1);
    b.ticker(snap('3'));
    r = b.fold(r.state);
    expect(r.state.tickers.get('X')?.lastPrice).toBe('3');
  });
});
