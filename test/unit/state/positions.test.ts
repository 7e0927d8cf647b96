import { describe, expect, it } from 'vitest';
import {
  emptyPositions,
  isOpenPosition,
  mergePositions,
  positionKey,
  positionList,
  snapshotPositions,
} from '@src/state/positions';
import { position, T0 } from './fixtures';

const micros = (dt: number) => `${T0 + dt}000`;
const keysOf = (s: ReturnType<typeof emptyPositions>) =>
  positionList(s).map((p) => `${p.symbol}/${p.positionIdx}/${p.userId}`);

describe('position key', () => {
  it('is symbol + positionIdx + userId', () => {
    const s = mergePositions(emptyPositions(), [
      position('BTCUSDT', 0, 2001, 1),
      position('BTCUSDT', 1, 2001, 1),
      position('BTCUSDT', 1, 2002, 1),
      position('ETHUSDT', 1, 2001, 1),
    ]);
    expect(s.rows.size).toBe(4);
  });

  it('cannot be confused by symbols holding separators or prototype names', () => {
    const a = positionKey({ symbol: 'A\u00001', positionIdx: 2, userId: 3 });
    const b = positionKey({ symbol: 'A', positionIdx: 1, userId: 2 });
    expect(a).not.toBe(b);
    const s = mergePositions(emptyPositions(), [
      position('__proto__', 0, 1, 1),
      position('constructor', 0, 1, 1),
    ]);
    expect(keysOf(s)).toEqual(['constructor/0/1', '__proto__/0/1']);
  });
});

describe('position display order', () => {
  it('puts a new key at the front and keeps updated keys in place', () => {
    let s = mergePositions(emptyPositions(), [position('BTCUSDT', 0, 2001, 1)]);
    s = mergePositions(s, [position('ETHUSDT', 0, 2001, 2)]);
    s = mergePositions(s, [position('BTCUSDT', 0, 2001, 3, { size: '2' })]);
    expect(keysOf(s)).toEqual(['ETHUSDT/0/2001', 'BTCUSDT/0/2001']);
    s = mergePositions(s, [position('XRPUSDT', 1, 2002, 4)]);
    expect(keysOf(s)).toEqual(['XRPUSDT/1/2002', 'ETHUSDT/0/2001', 'BTCUSDT/0/2001']);
  });

  it('several new keys in one frame: the last one ends in front', () => {
    const s = mergePositions(emptyPositions(), [
      position('A', 0, 1, 1),
      position('B', 0, 1, 1),
      position('C', 0, 1, 1),
    ]);
    expect(keysOf(s)).toEqual(['C/0/1', 'B/0/1', 'A/0/1']);
  });

  it('keeps the order array itself when no key is added or removed', () => {
    const s1 = mergePositions(emptyPositions(), [position('A', 0, 1, 1), position('B', 0, 1, 1)]);
    const s2 = mergePositions(s1, [position('A', 0, 1, 2, { markPrice: '1' })]);
    expect(s2.order).toBe(s1.order);
    expect(s2.rows.get(positionKey(position('B', 0, 1, 0)))).toBe(
      s1.rows.get(positionKey(position('B', 0, 1, 0))),
    );
  });

  it('a position closed and reopened goes back to the front', () => {
    let s = mergePositions(emptyPositions(), [position('A', 0, 1, 1), position('B', 0, 1, 1)]);
    s = mergePositions(s, [position('A', 0, 1, 2, { entryPrice: '0' })]);
    expect(keysOf(s)).toEqual(['B/0/1']);
    s = mergePositions(s, [position('A', 0, 1, 3)]);
    expect(keysOf(s)).toEqual(['A/0/1', 'B/0/1']);
  });
});

describe('entry price 0 or less', () => {
  it.each(['0', '0.00000000', '-3', '-0.5', '00', '-0'])('drops a new position at %j', (p) => {
    const s = mergePositions(emptyPositions(), [position('A', 0, 1, 1, { entryPrice: p })]);
    expect(s.rows.size).toBe(0);
    expect(s.order).toEqual([]);
  });

  it.each(['0', '0.00000000', '-3'])('removes a stored position updated to %j', (p) => {
    let s = mergePositions(emptyPositions(), [position('A', 0, 1, 1), position('B', 0, 1, 1)]);
    s = mergePositions(s, [
      { symbol: 'A', positionIdx: 0, userId: 1, entryPrice: p, updatedAtE3: String(T0 + 2) },
    ]);
    expect(keysOf(s)).toEqual(['B/0/1']);
    expect(s.gone.get(positionKey({ symbol: 'A', positionIdx: 0, userId: 1 }))).toBe(micros(2));
  });

  it('keeps the smallest positive price and a new key without entry price is dropped', () => {
    expect(isOpenPosition(position('A', 0, 1, 1, { entryPrice: '0.00000001' }))).toBe(true);
    const s = mergePositions(emptyPositions(), [
      { symbol: 'A', positionIdx: 0, userId: 1, markPrice: '5', updatedAtE3: String(T0) },
    ]);
    expect(s.rows.size).toBe(0);
  });
});

describe('position merge', () => {
  it('merges fields present and ignores older updates', () => {
    let s = mergePositions(emptyPositions(), [position('A', 1, 7, 5)]);
    s = mergePositions(s, [
      { symbol: 'A', positionIdx: 1, userId: 7, markPrice: '1', updatedAtE3: String(T0 + 4) },
    ]);
    expect(positionList(s)[0]?.markPrice).toBe('64100');
    s = mergePositions(s, [
      {
        symbol: 'A',
        positionIdx: 1,
        userId: 7,
        markPrice: '2',
        unrealisedPnlE8: '9007199254740993123',
        updatedAtE3: String(T0 + 6),
      },
    ]);
    expect(positionList(s)[0]).toEqual({
      ...position('A', 1, 7, 6),
      markPrice: '2',
      unrealisedPnlE8: '9007199254740993123',
    });
  });

  it('an older update to close a position is ignored', () => {
    let s = mergePositions(emptyPositions(), [position('A', 0, 1, 5)]);
    s = mergePositions(s, [position('A', 0, 1, 4, { entryPrice: '0' })]);
    expect(s.rows.size).toBe(1);
  });

  it('a stale delta never resurrects a closed position', () => {
    let s = mergePositions(emptyPositions(), [position('A', 0, 1, 1)]);
    s = mergePositions(s, [position('A', 0, 1, 5, { entryPrice: '0' })]);
    expect(mergePositions(s, [position('A', 0, 1, 4)])).toBe(s);
    expect(mergePositions(s, [position('A', 0, 1, 6)]).rows.size).toBe(1);
  });

  it('several items for one key in one frame apply in order', () => {
    const s = mergePositions(emptyPositions(), [
      position('A', 0, 1, 1),
      position('A', 0, 1, 3, { size: '3' }),
      position('A', 0, 1, 2, { size: '2' }),
    ]);
    expect(s.rows.size).toBe(1);
    expect(positionList(s)[0]?.size).toBe('3');
    expect(s.order).toHaveLength(1);
  });
});

describe('position snapshot', () => {
  it('takes its list as the display order, drops closed ones and buries absent keys', () => {
    let s = mergePositions(emptyPositions(), [position('OLD', 0, 1, 1)]);
    s = snapshotPositions(
      s,
      [
        position('B', 0, 1, 8),
        position('A', 0, 1, 8),
        position('Z', 0, 1, 8, { entryPrice: '0.00000000' }),
        position('B', 0, 1, 9, { size: '9' }),
      ],
      micros(10),
    );
    expect(keysOf(s)).toEqual(['B/0/1', 'A/0/1']);
    expect(positionList(s)[0]?.size).toBe('9');
    expect(s.gone.get(positionKey({ symbol: 'OLD', positionIdx: 0, userId: 1 }))).toBe(micros(10));
    // Queued deltas applied on top with absentBefore: stale ones create nothing.
    const after = mergePositions(s, [position('OLD', 0, 1, 5), position('NEW', 0, 1, 6)], {
      absentBefore: micros(10),
    });
    expect(after).toBe(s);
    const fresh = mergePositions(s, [position('NEW', 0, 1, 11)], { absentBefore: micros(10) });
    expect(keysOf(fresh)).toEqual(['NEW/0/1', 'B/0/1', 'A/0/1']);
  });
});
