/**
 * Replay as an investigation tool (issue 19), without I/O: the state at an instant of a session
 * (`--at`: ms from the start, a wall-clock time of the recording, or `line:N`), a series of
 * states (`--every`), and where two states or two sessions part (`--diff`, by instant or by
 * topic seq). Everything goes through the same Replayer (the project's decoders and reducers),
 * so the state at T is the state a replay of the file cut at T ends in.
 */
import { partitionPoint } from '../lib/partition-point';
import { decodePrivate } from '../wire/decode';
import type { PrivateTopic } from '../wire/protocol';
import type { SessionEvent, SessionHeader } from '../wire/session-file';
import type { ReplayStats, StateDump } from '../state/dump';
import type { StreamState } from '../state/model';
import { forEachChange } from '../state/row-map';
import { Replayer } from './replay';

// ---- instants ----

/** An instant of a session: a time (ms since its start) or a line of the file. */
export type Instant =
  { kind: 'time'; t: number; text: string } | { kind: 'line'; line: number; text: string };

const MS = /^(\d+(?:\.\d+)?)(ms|s)?$/;
const LINE = /^line:(\d+)$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z?$/;
/** ISO 8601 / RFC 3339: date, `T`, hh:mm[:ss[.fraction]], then `Z`, `+hh:mm`, `-hh:mm` or nothing. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/;
const DAY_MS = 86_400_000;

/** Milliseconds of the session's start (its header's `recordedAt`), or NaN. */
export function epochOf(header: SessionHeader): number {
  return Date.parse(header.recordedAt);
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * An ISO 8601 date-time as ms since 1970, the same on every machine: without an offset it is
 * UTC (never the machine's time zone), `Z` is UTC, `+08:00` / `-05:00` are offsets. Only that
 * form (a `T` between date and time, hh:mm with optional seconds and fraction; a fraction finer
 * than a millisecond is cut to the millisecond). Throws a one-line Error for anything else,
 * including a space for the `T` and dates that do not exist (2026-02-30).
 */
export function parseIsoDateTime(text: string): number {
  const m = ISO_DATE_TIME.exec(text);
  const refuse = (why: string) =>
    new Error(
      `${text}: ${why}; expected an ISO 8601 date-time such as 2024-11-21T00:47:05.250Z ` +
        '(UTC when no offset is given; an offset as +08:00)',
    );
  if (!m) throw refuse('not an ISO 8601 date-time');
  const [, y, mo, d, h, mi, s = '0', frac = '', offset = 'Z'] = m;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), ms);
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    date.getUTCFullYear() !== Number(y) ||
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw refuse('no such date or time');
  }
  if (offset === 'Z') return date.getTime();
  const oh = Number(offset.slice(1, 3));
  const om = Number(offset.slice(4, 6));
  if (oh > 23 || om > 59) throw refuse(`no such offset ${offset}`);
  const sign = offset.startsWith('-') ? -1 : 1;
  return date.getTime() - sign * (oh * 60 + om) * 60_000;
}

/**
 * Parses `--at`: `15000` or `15000ms` (ms from the start), `15s` (seconds), `line:N` (the
 * state after line N of the file; line 1 is the header), an ISO 8601 date-time
 * (`2024-11-21T00:47:00Z`, `...+08:00`; UTC when it has no offset: parseIsoDateTime) or a UTC
 * time of day (`00:47:05.250`) on the recording's day. A time of day before the start is on the
 * next day (a recording across midnight) only when that is inside the recording, which needs
 * `end` (ms from the start of the last event; without it, the next day is taken as before).
 * Throws a one-line Error for anything else or an instant before the start, naming the instant
 * it read (in UTC) and, with `end`, when the recording starts and ends.
 */
export function parseInstant(spec: string, header: SessionHeader, end?: number): Instant {
  const text = spec.trim();
  const ms = MS.exec(text);
  if (ms) {
    const n = Number(ms[1]);
    return { kind: 'time', t: ms[2] === 's' ? n * 1000 : n, text };
  }
  const line = LINE.exec(text);
  if (line) return { kind: 'line', line: Number(line[1]), text };
  if (/^-\.?\d/.test(text)) {
    throw new Error(
      `--at ${JSON.stringify(spec)}: a time before the start; expected ms from the start, 0 or ` +
        'more (15000, 15s), line:N, an ISO 8601 date-time or a UTC time of day',
    );
  }
  const epoch = epochOf(header);
  const span = () =>
    end === undefined
      ? `it started at ${iso(epoch)}`
      : `it runs from ${iso(epoch)} to ${iso(epoch + end)}`;
  const tod = TIME_OF_DAY.exec(text);
  if (tod) {
    if (!Number.isFinite(epoch)) throw new Error(`${text}: the header's recordedAt is not a date`);
    const [, h, m, s, frac] = tod;
    if (Number(h) > 23 || Number(m) > 59 || Number(s ?? 0) > 59) {
      throw new Error(`${text}: not a time of day`);
    }
    const ofDay =
      ((Number(h) * 60 + Number(m)) * 60 + Number(s ?? 0)) * 1000 +
      Number((frac ?? '0').padEnd(3, '0'));
    const day = Math.floor(epoch / DAY_MS) * DAY_MS;
    let at = day + ofDay;
    if (at < epoch) {
      // The next day, for a recording across midnight, only if the recording reaches it:
      // otherwise an instant before the start would become one after the end (and be clamped).
      if (end !== undefined && at + DAY_MS - epoch > end) {
        throw new Error(
          `${text} (${iso(at)}) is before the recording started, and the next day ` +
            `(${iso(at + DAY_MS)}) is after its end: ${span()}`,
        );
      }
      at += DAY_MS;
    }
    return { kind: 'time', t: at - epoch, text };
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const at = parseIsoDateTime(text);
    if (!Number.isFinite(epoch)) throw new Error(`${text}: the header's recordedAt is not a date`);
    if (at < epoch) {
      throw new Error(`${text} (${iso(at)}) is before the recording started: ${span()}`);
    }
    return { kind: 'time', t: at - epoch, text };
  }
  throw new Error(
    `--at ${JSON.stringify(spec)}: expected ms from the start (15000, 15s), line:N, ` +
      'an ISO 8601 date-time (UTC unless it has an offset) or a UTC time of day ' +
      '(HH:MM[:SS[.mmm]])',
  );
}

/** How many events (from the first) a replay cut at `at` holds: those at or before it. */
export function cutIndex(events: readonly SessionEvent[], at: Instant): number {
  if (at.kind === 'line') {
    if (at.line < 1 || at.line > events.length + 1) {
      throw new Error(`line:${at.line}: the file has lines 1 to ${events.length + 1}`);
    }
    return at.line - 1;
  }
  // Events are sorted by t: the first one after T.
  return partitionPoint(events.length, (i) => (events[i] as SessionEvent).t <= at.t);
}

/** The state dump as of `at` (the replay of the events at or before it). */
export function dumpAt(events: readonly SessionEvent[], at: Instant): StateDump {
  const r = new Replayer();
  const n = cutIndex(events, at);
  for (let i = 0; i < n; i++) r.feed(events[i] as SessionEvent, i);
  return r.dump();
}

/** One step of `--every`: the instant, the file line reached (1: nothing played) and the state. */
export interface SeriesStep {
  t: number;
  at: string | null;
  line: number;
  state: StateDump;
}

/**
 * The state every `stepMs` from the start (0, S, 2S, ...), the last step at the session's end.
 * One Replayer moves forward: a long session costs one replay, not one per step.
 */
export function* series(
  events: readonly SessionEvent[],
  header: SessionHeader,
  stepMs: number,
): Generator<SeriesStep> {
  if (!(Number.isFinite(stepMs) && stepMs > 0)) throw new Error('--every: must be more than 0');
  const r = new Replayer();
  const epoch = epochOf(header);
  const end = events[events.length - 1]?.t ?? 0;
  let i = 0;
  for (let k = 0; ; k++) {
    const t = Math.min(k * stepMs, end);
    while (i < events.length && (events[i] as SessionEvent).t <= t) {
      r.feed(events[i] as SessionEvent, i);
      i++;
    }
    yield {
      t,
      at: Number.isFinite(epoch) ? new Date(epoch + t).toISOString() : null,
      line: i + 1,
      state: r.dump(),
    };
    if (t >= end) return;
  }
}

/** Compact JSON with sorted keys (one line, stable: `--every` lines can be diffed and grepped). */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(compactJson).join(',')}]`;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${compactJson(o[k])}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

// ---- differences ----

/** A differing path and both values (`undefined`: absent on that side). */
export interface Difference {
  path: string;
  a: unknown;
  b: unknown;
}

const PLAIN_SEGMENT = /^[A-Za-z0-9_:/-]+$/;

function join(path: string, key: string): string {
  const seg = PLAIN_SEGMENT.test(key) ? key : JSON.stringify(key);
  return path === '' ? seg : `${path}.${seg}`;
}

/** A position's key as it is shown in a path: symbol/positionIdx/userId. */
function positionPathKey(p: unknown): string {
  const o = (p ?? {}) as Record<string, unknown>;
  return `${String(o.symbol)}/${String(o.positionIdx)}/${String(o.userId)}`;
}

/** Positions come as a list in display order: compared by key, then the order on its own. */
function positionsDiff(a: unknown, b: unknown, path: string, out: Difference[]): void {
  if (!Array.isArray(a) || !Array.isArray(b)) return valueDiff(a, b, path, out);
  const byKey = (list: unknown[]) => Object.fromEntries(list.map((p) => [positionPathKey(p), p]));
  valueDiff(byKey(a), byKey(b), path, out, true);
  const orderA = a.map(positionPathKey);
  const orderB = b.map(positionPathKey);
  const sameSet =
    orderA.length === orderB.length &&
    [...orderA].sort().join('\n') === [...orderB].sort().join('\n');
  if (sameSet && orderA.join('\n') !== orderB.join('\n')) {
    out.push({ path: `${path}(order)`, a: orderA, b: orderB });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function valueDiff(a: unknown, b: unknown, path: string, out: Difference[], keyed = false): void {
  if (path === 'copytrade.positions' && !keyed) return positionsDiff(a, b, path, out);
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const has = (o: Record<string, unknown>) =>
        Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;
      const p = join(path, k);
      if (!has(a) || !has(b)) {
        out.push({ path: p, a: has(a) ? a[k] : undefined, b: has(b) ? b[k] : undefined });
      } else {
        valueDiff(a[k], b[k], p, out);
      }
    }
    return;
  }
  if (compactJson(a) !== compactJson(b)) out.push({ path, a, b });
}

/**
 * Where two state dumps differ: entities by their key (a wallet by coin, an order by id, a
 * position by symbol/positionIdx/userId, a quote by symbol), fields by name. An entity on one
 * side only is one difference with the whole entity.
 */
export function diffDumps(a: unknown, b: unknown, options: { stats?: boolean } = {}): Difference[] {
  const out: Difference[] = [];
  const strip = (d: unknown) => {
    if (options.stats !== false || !isObject(d)) return d;
    const { stats: _s, ...rest } = d;
    return rest;
  };
  valueDiff(strip(a), strip(b), '', out);
  return out;
}

/** A difference as a line: `path: A <value> B <value>` (absent values say so). */
export function formatDifference(d: Difference, names: [string, string] = ['A', 'B']): string {
  const show = (v: unknown) => {
    if (v === undefined) return '(absent)';
    const text = compactJson(v);
    return text.length > 300 ? `${text.slice(0, 297)}...` : text;
  };
  return `${d.path || '(the whole state)'}: ${names[0]} ${show(d.a)} ${names[1]} ${show(d.b)}`;
}

// ---- two sessions ----

export interface PartByTime {
  align: 'time';
  /** The first instant (ms from the start) after which the states differ. */
  t: number;
  /** The lines of each file at that instant: [first, last] (first > last: none there). */
  linesA: [number, number];
  linesB: [number, number];
  differences: Difference[];
}

export interface PartBySeq {
  align: 'seq';
  /** Where: a private data frame (connection, topic, seq), or the end of both sessions. */
  at: { connection: number; topic: PrivateTopic; seq: number } | 'end';
  lineA: number;
  lineB: number;
  tA: number;
  tB: number;
  differences: Difference[];
  /** Frames of one session the other does not hold (by connection, topic and seq). */
  onlyA: number;
  onlyB: number;
}

/** Two values as diffDumps compares them, below the top level: true when it finds nothing. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const out: Difference[] = [];
  valueDiff(a, b, '-', out);
  return out.length === 0;
}

/**
 * Whether two keyed collections are still equal, knowing that `prevA` and `prevB` were (the
 * same keys, each row equal): only the keys whose row changed on either side since then are
 * compared. Between RowMaps, forEachChange visits only the chunks a write copied.
 */
function sameRowsSince<V>(
  prevA: ReadonlyMap<string, V>,
  prevB: ReadonlyMap<string, V>,
  a: ReadonlyMap<string, V>,
  b: ReadonlyMap<string, V>,
): boolean {
  if (a === prevA && b === prevB) return true;
  if (a.size !== b.size) return false;
  const changed = new Set<string>();
  const add = (key: string) => void changed.add(key);
  forEachChange(prevA, a, add);
  forEachChange(prevB, b, add);
  for (const key of changed) {
    const x = a.get(key);
    const y = b.get(key);
    if (x === undefined || y === undefined) {
      if (x !== y) return false;
    } else if (!sameValue(x, y)) {
      return false;
    }
  }
  return true;
}

const SINGLES = [
  'risk',
  'copytrade.account',
  'copytrade.leaderWallet',
  'copytrade.leaderIncome',
] as const;

/**
 * Whether the dumps of `a` and `b` (stats aside) are still equal, knowing that those of `prevA`
 * and `prevB` were in the strong sense this function keeps: every collection holds the same keys
 * with equal rows, and the positions' display order is the same list of keys. States are
 * immutable and share what a frame did not touch, so a part whose reference did not move on
 * either side is skipped, and a collection compares only its changed rows: the cost follows the
 * events, not the size of the state. False means "maybe not" (the caller compares the dumps).
 */
function sameStateSince(
  prevA: StreamState,
  prevB: StreamState,
  a: StreamState,
  b: StreamState,
): boolean {
  if (a === prevA && b === prevB) return true;
  const rows = <K extends 'wallet' | 'copytrade.order' | 'copytrade.position'>(k: K) =>
    sameRowsSince<unknown>(prevA[k].rows, prevB[k].rows, a[k].rows, b[k].rows);
  if (!rows('wallet') || !rows('copytrade.order')) return false;
  if (!sameRowsSince<unknown>(prevA.tickers, prevB.tickers, a.tickers, b.tickers)) return false;
  const pa = prevA['copytrade.position'];
  const pb = prevB['copytrade.position'];
  const qa = a['copytrade.position'];
  const qb = b['copytrade.position'];
  if (qa !== pa || qb !== pb) {
    if (qa.order !== pa.order || qb.order !== pb.order) {
      if (qa.order.length !== qb.order.length) return false;
      for (let i = 0; i < qa.order.length; i++) if (qa.order[i] !== qb.order[i]) return false;
    }
    if (!rows('copytrade.position')) return false;
  }
  for (const k of SINGLES) {
    if ((a[k] !== prevA[k] || b[k] !== prevB[k]) && !sameValue(a[k], b[k])) return false;
  }
  return true;
}

const sameStats = (a: ReplayStats, b: ReplayStats): boolean =>
  a.framesApplied === b.framesApplied &&
  a.framesRejected === b.framesRejected &&
  a.resyncs === b.resyncs;

/**
 * Replays both sessions in step on their own clocks (ms from each start) and returns the first
 * instant after which their states differ, or undefined when they agree at every instant
 * (and so at the end).
 *
 * Both start from the same empty state; after each instant only what changed since the last one
 * is compared (sameStateSince), and the dumps are built and diffed (diffDumps, the report) once,
 * at the instant where they part. A 4 s session at 2 000 frames/s took minutes when both whole
 * dumps were built and diffed at every instant (docs/replay.md has the figures).
 */
export function diffByTime(
  a: readonly SessionEvent[],
  b: readonly SessionEvent[],
  options: { stats?: boolean } = {},
): PartByTime | undefined {
  // One rejection kept: result() (the counters) then costs nothing; the state is the same.
  const ra = new Replayer({ maxRejections: 1 });
  const rb = new Replayer({ maxRejections: 1 });
  const withStats = options.stats !== false;
  let ia = 0;
  let ib = 0;
  // The states last found equal, in the strong sense of sameStateSince: the empty ones to start.
  let seenA: StreamState | undefined = ra.current;
  let seenB: StreamState | undefined = rb.current;
  while (ia < a.length || ib < b.length) {
    const t = Math.min(
      ia < a.length ? (a[ia] as SessionEvent).t : Infinity,
      ib < b.length ? (b[ib] as SessionEvent).t : Infinity,
    );
    const fromA = ia;
    const fromB = ib;
    while (ia < a.length && (a[ia] as SessionEvent).t <= t) ra.feed(a[ia] as SessionEvent, ia++);
    while (ib < b.length && (b[ib] as SessionEvent).t <= t) rb.feed(b[ib] as SessionEvent, ib++);
    const statsEqual = !withStats || sameStats(ra.result().stats, rb.result().stats);
    if (
      statsEqual &&
      seenA !== undefined &&
      seenB !== undefined &&
      sameStateSince(seenA, seenB, ra.current, rb.current)
    ) {
      seenA = ra.current;
      seenB = rb.current;
      continue;
    }
    const differences = diffDumps(ra.dump(), rb.dump(), options);
    if (differences.length === 0) {
      // Equal dumps that sameStateSince could not vouch for (two positions whose keys print
      // alike, symbol/positionIdx/userId): from here on every instant compares whole dumps.
      seenA = undefined;
      seenB = undefined;
      continue;
    }
    // Event i is on line i + 2 (line 1 is the header).
    return {
      align: 'time',
      t,
      linesA: [fromA + 2, ia + 1],
      linesB: [fromB + 2, ib + 1],
      differences,
    };
  }
  return undefined;
}

/** A topic's part of a state dump (what its frames and snapshots build). */
const TOPIC_PATH: Record<PrivateTopic, [keyof StateDump] | ['copytrade', string]> = {
  wallet: ['wallets'],
  risk: ['risk'],
  'copytrade.account': ['copytrade', 'account'],
  'copytrade.order': ['copytrade', 'orders'],
  'copytrade.position': ['copytrade', 'positions'],
  'copytrade.leaderWallet': ['copytrade', 'leaderWallet'],
  'copytrade.leaderIncome': ['copytrade', 'leaderIncome'],
};

function topicPart(dump: StateDump, topic: PrivateTopic): Record<string, unknown> {
  const [first, second] = TOPIC_PATH[topic];
  if (second === undefined) return { [first]: dump[first] };
  return { copytrade: { [second]: (dump.copytrade as Record<string, unknown>)[second] } };
}

/** cyrb53's two 32-bit lanes of a string (a seq's state is remembered by a print, not by copy). */
function hashLanes(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

const hashText = (text: string): string => hashLanes(text).join('.');

type Collection = 'wallet' | 'copytrade.order' | 'copytrade.position';
const isCollection = (t: PrivateTopic): t is Collection =>
  t === 'wallet' || t === 'copytrade.order' || t === 'copytrade.position';
const NO_ROWS: ReadonlyMap<string, unknown> = new Map();

/**
 * A print of each private topic's part of the state (what topicPart of its dump holds), kept up
 * to date from one state to the next instead of built from a whole dump after every frame (which
 * made `--align by-seq` take minutes on a few seconds of a 1 000-position session). A
 * collection's print is the sum of its rows' hashes, each row's over its key and its canonical
 * JSON (an order-free multiset hash: a row that changes takes its old hash out and puts its new
 * one in, found by forEachChange, so a frame costs the rows it changed); the positions add the
 * hash of their display order, read again only when the order moved; a single value (risk, the
 * account, the leader's wallet and income) is hashed whole when its reference moves. Equal
 * parts give equal prints; unequal prints are confirmed with the dumps (diffBySeq).
 */
class TopicPrints {
  private readonly rows = new Map<
    Collection,
    { seen: ReadonlyMap<string, unknown>; lo: number; hi: number }
  >();
  private order: { seen: readonly string[] | undefined; print: string } = {
    seen: undefined,
    print: '',
  };
  private readonly singles = new Map<PrivateTopic, { seen: unknown; print: string }>();

  print(state: StreamState, topic: PrivateTopic): string {
    if (!isCollection(topic)) {
      const value = state[topic];
      const kept = this.singles.get(topic);
      if (kept && kept.seen === value) return kept.print;
      const print = hashText(compactJson(value));
      this.singles.set(topic, { seen: value, print });
      return print;
    }
    const now = state[topic].rows as ReadonlyMap<string, unknown>;
    let sum = this.rows.get(topic);
    if (!sum) this.rows.set(topic, (sum = { seen: NO_ROWS, lo: 0, hi: 0 }));
    const s = sum;
    const before = s.seen;
    forEachChange(before, now, (key, value) => {
      const old = before.get(key);
      if (old !== undefined) {
        const [a, b] = hashLanes(`${key}\u0000${compactJson(old)}`);
        s.lo = (s.lo - a) >>> 0;
        s.hi = (s.hi - b) >>> 0;
      }
      if (value !== undefined) {
        const [a, b] = hashLanes(`${key}\u0000${compactJson(value)}`);
        s.lo = (s.lo + a) >>> 0;
        s.hi = (s.hi + b) >>> 0;
      }
    });
    s.seen = now;
    if (topic !== 'copytrade.position') return `${s.lo}.${s.hi}`;
    const order = state['copytrade.position'].order;
    if (order !== this.order.seen) this.order = { seen: order, print: hashText(order.join('\n')) };
    return `${s.lo}.${s.hi}.${this.order.print}`;
  }
}

interface SeqMark {
  key: string;
  connection: number;
  topic: PrivateTopic;
  seq: number;
  /** Events played up to and including the frame. */
  played: number;
  t: number;
  /** The print of the topic's part of the state right after the frame (TopicPrints). */
  print: string;
}

/** Every private data frame of a session with the print of its topic's state right after it. */
function seqMarks(events: readonly SessionEvent[]): SeqMark[] {
  // One rejection kept: nothing here reads them, and a long broken session keeps no list.
  const r = new Replayer({ maxRejections: 1 });
  const prints = new TopicPrints();
  const marks: SeqMark[] = [];
  events.forEach((ev, i) => {
    r.feed(ev, i);
    if (ev.kind !== 'recv' || ev.stream !== 'private') return;
    const f = decodePrivate(ev.frame);
    if (f.kind !== 'data') return;
    const connection = r.connection;
    marks.push({
      key: `${connection}\u0000${f.topic}\u0000${f.seq}`,
      connection,
      topic: f.topic,
      seq: f.seq,
      played: i + 1,
      t: ev.t,
      print: prints.print(r.current, f.topic),
    });
  });
  return marks;
}

function dumpAfter(events: readonly SessionEvent[], played: number): StateDump {
  return dumpAt(events, { kind: 'line', line: played + 1, text: '' });
}

/**
 * Aligns two sessions by topic seq (per private connection and topic) instead of time: the
 * first frame of A, in A's order, after which its topic's state differs from B's after the
 * frame of the same connection, topic and seq. Frames one session lacks are counted, not
 * compared. When every shared frame agrees, the final states are compared (quotes and stats
 * included) and a difference there is reported `at: 'end'`.
 */
export function diffBySeq(
  a: readonly SessionEvent[],
  b: readonly SessionEvent[],
  options: { stats?: boolean } = {},
): PartBySeq | undefined {
  const ma = seqMarks(a);
  const mb = new Map(seqMarks(b).map((m) => [m.key, m]));
  const keysA = new Set(ma.map((m) => m.key));
  const onlyA = ma.filter((m) => !mb.has(m.key)).length;
  const onlyB = [...mb.keys()].filter((k) => !keysA.has(k)).length;
  for (const m of ma) {
    const other = mb.get(m.key);
    if (!other || other.print === m.print) continue;
    const differences = diffDumps(
      topicPart(dumpAfter(a, m.played), m.topic),
      topicPart(dumpAfter(b, other.played), m.topic),
    );
    if (differences.length === 0) continue; // equal after all (rows equal but printed apart)
    return {
      align: 'seq',
      at: { connection: m.connection, topic: m.topic, seq: m.seq },
      lineA: m.played + 1,
      lineB: other.played + 1,
      tA: m.t,
      tB: other.t,
      differences,
      onlyA,
      onlyB,
    };
  }
  const differences = diffDumps(dumpAfter(a, a.length), dumpAfter(b, b.length), options);
  if (differences.length === 0) return undefined;
  return {
    align: 'seq',
    at: 'end',
    lineA: a.length + 1,
    lineB: b.length + 1,
    tA: a[a.length - 1]?.t ?? 0,
    tB: b[b.length - 1]?.t ?? 0,
    differences,
    onlyA,
    onlyB,
  };
}
