/**
 * The rows of the positions table: positions grouped by the leader copied, each group headed by
 * a row of its own. Built from the keys alone (positionKey holds symbol, positionIdx and the
 * leader's userId), so the table re-renders only when positions come, go or move, never when a
 * position's values change.
 */
import { parsePositionKey } from '../../facade';

export type PositionItem =
  | { kind: 'group'; leaderId: number; keys: readonly string[] }
  | { kind: 'position'; key: string; symbol: string };

interface Entry {
  item: PositionItem & { kind: 'position' };
  leaderId: number;
}

/**
 * A table's positions as it last built them: a position's item is made, and its key parsed,
 * once while it is listed, not again each time any position comes, goes or moves (the heavy
 * benchmark reopens a position several times a second: 1 000 key parses each time, 4 % of the
 * bytes its page allocated; docs/performance.md). Forgets the positions no longer listed.
 */
export class PositionItemMemo {
  private entries = new Map<string, Entry>();

  entriesOf(keys: readonly string[]): Entry[] {
    const next = new Map<string, Entry>();
    const out = keys.map((key) => {
      let e = this.entries.get(key);
      if (!e) {
        const { symbol, userId } = parsePositionKey(key);
        e = { item: { kind: 'position', key, symbol }, leaderId: userId };
      }
      next.set(key, e);
      return e;
    });
    this.entries = next;
    return out;
  }
}

/** Positions in display order, without group rows. */
export function flatItems(
  keys: readonly string[],
  memo: PositionItemMemo = new PositionItemMemo(),
): PositionItem[] {
  return memo.entriesOf(keys).map((e) => e.item);
}

/**
 * Group rows by leader (ascending id, so groups do not jump around as positions open), each
 * followed by its positions in display order (newest first).
 */
export function groupedItems(
  keys: readonly string[],
  memo: PositionItemMemo = new PositionItemMemo(),
): PositionItem[] {
  const groups = new Map<number, Entry[]>();
  for (const e of memo.entriesOf(keys)) {
    let g = groups.get(e.leaderId);
    if (!g) groups.set(e.leaderId, (g = []));
    g.push(e);
  }
  const out: PositionItem[] = [];
  for (const leaderId of [...groups.keys()].sort((a, b) => a - b)) {
    const entries = groups.get(leaderId) ?? [];
    out.push({ kind: 'group', leaderId, keys: entries.map((e) => e.item.key) });
    for (const e of entries) out.push(e.item);
  }
  return out;
}

export const itemKey = (item: PositionItem): string =>
  item.kind === 'group' ? `leader:${item.leaderId}` : item.key;
