/**
 * What the ingest has taken in since its last fold, in arrival order per topic, and which row
 * keys it touched since its last store write. Folding runs consecutive deltas of a topic through
 * one reducer call: a key updated N times in a burst costs one row object and one chunk copy.
 */
import { copyMap, type MergeOptions } from '../state/keyed';
import {
  applyItems,
  applySnapshot,
  applyTickers,
  resetTopic,
  type StreamState,
} from '../state/model';
import { positionKey } from '../state/positions';
import type { TickerUpdate } from '../state/tickers';
import type { Touched } from '../state/atoms/stream';
import type { Order, Position, PrivateTopic, TopicEntity, Wallet } from '../wire/protocol';

type Item = TopicEntity[PrivateTopic];

/**
 * What happens to a topic, in order. Items are the union over topics: which items go with which
 * topic is settled by validation (decode and decodeSnapshotResult check items against their
 * topic) and kept by the Map key; TypeScript cannot carry that correlation through a Map
 * (microsoft/TypeScript#30581), hence no per-topic types here.
 */
type Op =
  | { kind: 'delta'; items: Item[]; opts: MergeOptions | undefined; own: boolean }
  | { kind: 'snapshot'; items: readonly Item[]; atMicros: string | undefined }
  | { kind: 'reset' };

type TickerOp = TickerUpdate | { type: 'remove'; symbol: string };

type KeyedName = keyof Touched;
const KEYED: Partial<Record<PrivateTopic, KeyedName>> = {
  wallet: 'wallet',
  'copytrade.order': 'order',
  'copytrade.position': 'position',
};

function keyOf(name: KeyedName, item: unknown): string {
  if (name === 'wallet') return (item as Wallet).coin;
  if (name === 'order') return (item as Order).orderId;
  return positionKey(item as Position);
}

/** Touched keys per keyed collection; null: compare every key (after a snapshot or a reset). */
type TouchedSets = Record<KeyedName, Set<string> | null>;
const fresh = (): TouchedSets => ({
  wallet: new Set(),
  order: new Set(),
  position: new Set(),
  quote: new Set(),
});

export class IngestBuffer {
  private ops = new Map<PrivateTopic, Op[]>();
  private tickerOps: TickerOp[] = [];
  private touched: TouchedSets = fresh();
  /** Entries taken in since the last fold. */
  size = 0;

  /** A topic's state becomes this snapshot (`atMicros`: when it was taken). */
  snapshot(topic: PrivateTopic, items: readonly Item[], atMicros: string | undefined): void {
    this.push(topic, { kind: 'snapshot', items, atMicros });
    const name = KEYED[topic];
    if (name) this.touched[name] = null;
    this.size++;
  }

  /** Deltas of a topic, appended to its last run of deltas with the same options. */
  delta(topic: PrivateTopic, items: readonly Item[], opts?: MergeOptions): void {
    this.size++;
    if (items.length === 0) return;
    const list = this.ops.get(topic);
    const last = list?.[list.length - 1];
    if (last?.kind === 'delta' && last.opts?.absentBefore === opts?.absentBefore) {
      if (!last.own) {
        last.items = last.items.slice(); // never append to a frame's own array
        last.own = true;
      }
      for (const it of items) last.items.push(it);
    } else {
      this.push(topic, { kind: 'delta', items: items as Item[], opts, own: false });
    }
    const name = KEYED[topic];
    const set = name ? this.touched[name] : null;
    if (name && set) for (const it of items) set.add(keyOf(name, it));
  }

  /** The topic is no longer followed: it goes back to empty; what was buffered for it is moot. */
  forget(topic: PrivateTopic): void {
    this.ops.set(topic, [{ kind: 'reset' }]);
    const name = KEYED[topic];
    if (name) this.touched[name] = null;
    this.size++;
  }

  ticker(update: TickerUpdate): void {
    this.tickerOps.push(update);
    this.touched.quote?.add(update.data.symbol);
    this.size++;
  }

  /** Removes a symbol's ticker, in order with the ticker frames around it. */
  removeTicker(symbol: string): void {
    this.tickerOps.push({ type: 'remove', symbol });
    this.touched.quote?.add(symbol);
    this.size++;
  }

  /** Applies everything taken in to `state`; `ignored` counts ticker deltas without a ticker. */
  fold(state: StreamState): { state: StreamState; ignored: number } {
    let s = state;
    for (const [topic, list] of this.ops) {
      for (const op of list) {
        if (op.kind === 'delta') s = applyItems(s, topic, op.items, op.opts);
        else if (op.kind === 'snapshot') s = applySnapshot(s, topic, op.items, op.atMicros);
        else s = resetTopic(s, topic);
      }
    }
    this.ops.clear();
    const counters = { ignored: 0 };
    let run: TickerUpdate[] = [];
    const applyRun = () => {
      if (run.length > 0) s = applyTickers(s, run, counters);
      run = [];
    };
    for (const op of this.tickerOps) {
      if (op.type !== 'remove') {
        run.push(op);
        continue;
      }
      applyRun();
      if (s.tickers.has(op.symbol)) {
        const tickers = copyMap(s.tickers);
        tickers.delete(op.symbol);
        s = { ...s, tickers };
      }
    }
    applyRun();
    this.tickerOps = [];
    this.size = 0;
    return { state: s, ignored: counters.ignored };
  }

  /** The keys touched since the last call (absent: compare all), and a fresh record. */
  takeTouched(): Touched {
    const out: Touched = {};
    for (const k of ['wallet', 'order', 'position', 'quote'] as const) {
      const set = this.touched[k];
      if (set) out[k] = set;
    }
    this.touched = fresh();
    return out;
  }

  /** Drops everything; the next write compares every key. */
  clear(): void {
    this.ops.clear();
    this.tickerOps = [];
    this.size = 0;
    this.touched = { wallet: null, order: null, position: null, quote: null };
  }

  private push(topic: PrivateTopic, op: Op): void {
    let list = this.ops.get(topic);
    if (!list) this.ops.set(topic, (list = []));
    list.push(op);
  }
}
