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

/** Positions in display order, without group rows. */
export function flatItems(keys: readonly string[]): PositionItem[] {
  return keys.map((key) => ({ kind: 'position', key, symbol: parsePositionKey(key).symbol }));
}

/**
 * Group rows by leader (ascending id, so groups do not jump around as positions open), each
 * followed by its positions in display order (newest first).
 */
export function groupedItems(keys: readonly string[]): PositionItem[] {
  const groups = new Map<number, string[]>();
  for (const key of keys) {
    const { userId: leaderId } = parsePositionKey(key);
    let g = groups.get(leaderId);
    if (!g) groups.set(leaderId, (g = []));
    g.push(key);
  }
  const out: PositionItem[] = [];
  for (const leaderId of [...groups.keys()].sort((a, b) => a - b)) {
    const keysOf = groups.get(leaderId) ?? [];
    out.push({ kind: 'group', leaderId, keys: keysOf });
    for (const key of keysOf) {
      out.push({ kind: 'position', key, symbol: parsePositionKey(key).symbol });
    }
  }
  return out;
}

export const itemKey = (item: PositionItem): string =>
  item.kind === 'group' ? `leader:${item.leaderId}` : item.key;
