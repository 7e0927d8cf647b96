import { describe, expect, it } from 'vitest';
import {
  flatItems,
  groupedItems,
  itemKey,
  PositionItemMemo,
  type PositionItem,
} from '@src/features/copytrade/position-rows';
import { parsePositionKey, positionKey } from '@src/state/atoms';

const k = (symbol: string, idx: number, leader: number) =>
  positionKey({ symbol, positionIdx: idx, userId: leader });

describe('positions table rows', () => {
  it('reads symbol, index and leader back from a key, whatever the symbol holds', () => {
    expect(parsePositionKey(k('BTCUSDT', 2, 2003))).toEqual({
      symbol: 'BTCUSDT',
      idx: 2,
      userId: 2003,
    });
    expect(parsePositionKey(k('A\u0000B', 0, 7)).symbol).toBe('A\u0000B');
  });

  it('groups by leader (ascending), positions in display order within a group', () => {
    const keys = [k('ETHUSDT', 0, 2002), k('BTCUSDT', 1, 2001), k('SOLUSDT', 0, 2002)];
    const items = groupedItems(keys);
    expect(items.map(itemKey)).toEqual(['leader:2001', keys[1], 'leader:2002', keys[0], keys[2]]);
    expect(items[2]).toEqual({ kind: 'group', leaderId: 2002, keys: [keys[0], keys[2]] });
  });

  it('lists positions without groups for a leader', () => {
    const keys = [k('ETHUSDT', 0, 2001)];
    expect(flatItems(keys)).toEqual([{ kind: 'position', key: keys[0], symbol: 'ETHUSDT' }]);
    expect(groupedItems([])).toEqual([]);
  });
});

describe('positions table rows kept from one build to the next', () => {
  it('keeps each listed position its item, and forgets the positions no longer listed', () => {
    const memo = new PositionItemMemo();
    const a = k('ETHUSDT', 0, 2002);
    const b = k('BTCUSDT', 1, 2001);
    const first = groupedItems([a, b], memo);
    const item = (items: PositionItem[], key: string) => items.find((i) => itemKey(i) === key);
    // b reopened at the front: the same items, in the new order
    const second = groupedItems([b, a], memo);
    expect(item(second, a)).toBe(item(first, a));
    expect(item(second, b)).toBe(item(first, b));
    expect(second.map(itemKey)).toEqual(['leader:2001', b, 'leader:2002', a]);
    // the flat list from the same memo: the same item for a; b left the list
    expect(flatItems([a], memo)[0]).toBe(item(first, a));
    // listed again, b is a new item (its first one was forgotten)
    const again = flatItems([b, a], memo);
    expect(again[0]).not.toBe(item(first, b));
    expect(again[0]).toEqual({ kind: 'position', key: b, symbol: 'BTCUSDT' });
    expect(again[1]).toBe(item(first, a));
  });
});
