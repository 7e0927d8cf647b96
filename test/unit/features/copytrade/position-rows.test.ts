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
