/**
 * The ways of taking the same update stream into 1 000 rows that the benchmark compares: the
 * project's decoder and reducers, ccxt's ArrayCacheBySymbolById, and a naive immer reducer.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { produce } from 'immer';
import { applyItems, applySnapshot, initialStreamState, type StreamState } from '@src/state/model';
import { decodePrivate } from '@src/wire/decode';
import type { PrivateDataFrame, TopicEntity } from '@src/wire/protocol';
import { seedOrders, seedPositions } from './stream-fixtures';

export type Row = Record<string, unknown>;
export type Kind = 'position' | 'order';

/** A contestant: a fresh store per repetition, and how it takes frame `i`. */
export interface Contestant<S> {
  make: () => S;
  step: (state: S, i: number) => S;
}

interface CcxtCache {
  append(item: Row): void;
}
export type CcxtCacheCtor = new (maxSize?: number) => CcxtCache;

/** ccxt exports only its bundle; the websocket caches live in its sources. */
export async function loadCcxtCache(): Promise<CcxtCacheCtor> {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve('ccxt')), '..'); // ccxt/dist/ccxt.cjs
  const url = pathToFileURL(join(root, 'js/src/base/ws/Cache.js')).href;
  return ((await import(url)) as { ArrayCacheBySymbolById: CcxtCacheCtor }).ArrayCacheBySymbolById;
}

const TOPIC = { position: 'copytrade.position', order: 'copytrade.order' } as const;
const seedRows = (kind: Kind): Row[] =>
  (kind === 'position' ? seedPositions() : seedOrders()) as unknown as Row[];
/** ccxt keys rows by symbol, then id. */
const ccxtId = (kind: Kind, r: Row): string =>
  kind === 'position' ? `${String(r.positionIdx)}:${String(r.userId)}` : String(r.orderId);
const sameRow = (kind: Kind) =>
  kind === 'position'
    ? (a: Row, b: Row) =>
        a.symbol === b.symbol && a.positionIdx === b.positionIdx && a.userId === b.userId
    : (a: Row, b: Row) => a.orderId === b.orderId;

function seededState(): StreamState {
  let s = initialStreamState();
  s = applySnapshot(s, 'copytrade.position', seedPositions(), undefined);
  return applySnapshot(s, 'copytrade.order', seedOrders(), undefined);
}

const parse = (text: string) => (JSON.parse(text) as { data: Row[] }).data;

/** assetdeck: decodePrivate (JSON.parse + validation) and the topic reducer, one call a frame. */
export function ours(kind: Kind, frames: readonly string[]): Contestant<StreamState> {
  const topic = TOPIC[kind];
  return {
    make: seededState,
    step: (s, i) => {
      const f = decodePrivate(frames[i]) as PrivateDataFrame;
      return applyItems(s, topic, f.items as TopicEntity[typeof topic][]);
    },
  };
}

/** assetdeck reducers on items already decoded. */
export function oursApply(kind: Kind, items: readonly unknown[][]): Contestant<StreamState> {
  const topic = TOPIC[kind];
  return {
    make: seededState,
    step: (s, i) => applyItems(s, topic, items[i] as TopicEntity[typeof topic][]),
  };
}

/** ccxt's cache: JSON.parse (no validation) and one append per item, as its exchanges do. */
export function ccxt(
  Cache: CcxtCacheCtor,
  kind: Kind,
  frames: readonly string[] | null,
  parsed?: readonly Row[][],
): Contestant<CcxtCache> {
  return {
    make: () => {
      const c = new Cache();
      for (const r of seedRows(kind)) c.append({ ...r, id: ccxtId(kind, r) });
      return c;
    },
    step: (c, i) => {
      const items = frames ? parse(frames[i] as string) : (parsed?.[i] as Row[]);
      for (const it of items) c.append({ ...it, id: ccxtId(kind, it) });
      return c;
    },
  };
}

/** The naive reducer: JSON.parse, then find-by-key in an array under one immer produce a frame. */
export function naiveImmer(kind: Kind, frames: readonly string[]): Contestant<readonly Row[]> {
  const same = sameRow(kind);
  return {
    make: () => seedRows(kind),
    step: (rows, i) => immerApply(rows, parse(frames[i] as string), same),
  };
}

export function immerApply(
  rows: readonly Row[],
  items: readonly Row[],
  same: (a: Row, b: Row) => boolean,
): readonly Row[] {
  return produce(rows, (draft) => {
    for (const it of items) {
      const i = draft.findIndex((r) => same(r as Row, it));
      if (i >= 0) Object.assign(draft[i] as Row, it);
      else draft.unshift(it as never);
    }
  });
}
