/**
 * Copied positions, keyed by symbol + positionIdx + userId (PROTOCOL.md section 5): fields present
 * merge unless older, a new key goes to the front, a position whose entry price is 0 or less is
 * dropped (removed if stored).
 */
import { e3ToMicros, isPositiveDecimal } from '../lib/intstr';
import type { Position } from '../wire/protocol';
import {
  emptyKeyed,
  KeyedDraft,
  snapshotTombstones,
  updatedRow,
  type KeyedState,
  type MergeOptions,
} from './keyed';

export interface PositionsState extends KeyedState<Position> {
  /** Keys in display order, newest first. */
  readonly order: readonly string[];
}

export const emptyPositions = (): PositionsState => ({ ...emptyKeyed<Position>(), order: [] });

const KEY_SEP = '\u0000';

/**
 * The composite key. positionIdx and userId are integers, so splitting from the right is
 * unambiguous whatever the symbol holds.
 */
export function positionKey(p: Pick<Position, 'symbol' | 'positionIdx' | 'userId'>): string {
  return `${p.symbol}${KEY_SEP}${p.positionIdx}${KEY_SEP}${p.userId}`;
}

/** Symbol, positionIdx and userId back from a positionKey (split from the right: integers). */
export function parsePositionKey(key: string): { symbol: string; idx: number; userId: number } {
  const last = key.lastIndexOf(KEY_SEP);
  const mid = key.lastIndexOf(KEY_SEP, last - 1);
  return {
    symbol: key.slice(0, mid),
    idx: Number(key.slice(mid + 1, last)),
    userId: Number(key.slice(last + 1)),
  };
}

export function isOpenPosition(p: Position): boolean {
  return p.entryPrice !== undefined && isPositiveDecimal(p.entryPrice);
}

/** Applies items in order; returns true if a stored position was removed. */
function applyItems(
  draft: KeyedDraft<Position>,
  items: readonly Position[],
  opts: MergeOptions | undefined,
  added: string[],
): boolean {
  let removed = false;
  for (const item of items) {
    const key = positionKey(item);
    const cur = draft.get(key);
    const next = updatedRow(draft, key, cur, item, opts);
    if (next === undefined) continue;
    if (isOpenPosition(next)) {
      if (!cur) added.push(key);
      draft.set(key, next);
    } else {
      if (cur) removed = true;
      draft.remove(key, e3ToMicros(item.updatedAtE3));
    }
  }
  return removed;
}

/** Display order after a batch: keys added in it first (latest first), then the old order. */
function nextOrder(
  base: readonly string[],
  added: readonly string[],
  rows: ReadonlyMap<string, Position>,
): readonly string[] {
  const front: string[] = [];
  const inFront = new Set<string>();
  for (let i = added.length - 1; i >= 0; i--) {
    const k = added[i] as string;
    if (!inFront.has(k) && rows.has(k)) {
      inFront.add(k);
      front.push(k);
    }
  }
  const rest = base.filter((k) => rows.has(k) && !inFront.has(k));
  return front.length === 0 && rest.length === base.length ? base : front.concat(rest);
}

/** Applies position updates in order; untouched positions keep their identity. */
export function mergePositions(
  state: PositionsState,
  items: readonly Position[],
  opts?: MergeOptions,
): PositionsState {
  const draft = new KeyedDraft<Position>(state);
  const added: string[] = [];
  const removed = applyItems(draft, items, opts, added);
  if (!draft.dirty) return state;
  const { rows, gone } = draft.finish();
  // Only updates of held keys (the common case): the order is unchanged, skip the O(n) pass.
  const order = added.length === 0 && !removed ? state.order : nextOrder(state.order, added, rows);
  return { rows, gone, order };
}

/** The topic's state becomes this snapshot, whose list is already in display order. */
export function snapshotPositions(
  prev: PositionsState,
  items: readonly Position[],
  atMicros: string | undefined,
): PositionsState {
  const draft = new KeyedDraft<Position>(emptyKeyed());
  applyItems(draft, items, undefined, []);
  const fresh = draft.finish();
  const seen = new Set<string>();
  const order: string[] = [];
  for (const item of items) {
    const k = positionKey(item);
    if (fresh.rows.has(k) && !seen.has(k)) {
      seen.add(k);
      order.push(k);
    }
  }
  return { rows: fresh.rows, gone: snapshotTombstones(prev, fresh, atMicros), order };
}

/** Positions in display order. */
export function positionList(state: PositionsState): Position[] {
  return state.order.map((k) => state.rows.get(k) as Position);
}
