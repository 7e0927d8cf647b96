/**
 * The pieces of the investigation tool: a Replayer checkpoint (clone) is independent of its
 * original; a windowed replay (what --check streams) ends where the whole replay does, and refuses
 * a snapshot that would need a dropped delta; instants; dump differences by entity key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Replayer, replayToDump } from '@src/pipeline/replay';
import {
  cutIndex,
  diffBySeq,
  diffByTime,
  diffDumps,
  parseInstant,
  parseIsoDateTime,
  type PartBySeq,
  type PartByTime,
} from '@src/pipeline/replay-query';
import { decodePrivate } from '@src/wire/decode';
import type { PrivateTopic } from '@src/wire/protocol';
import { parseSession, type SessionEvent } from '@src/wire/session-file';
import { generate } from '@scripts/gen-session';

const load = (name: string) =>
  parseSession(readFileSync(join(__dirname, '../sessions', `${name}.jsonl`), 'utf8'));

describe('Replayer.clone (a checkpoint)', () => {
  it('goes on from where it was copied, and feeding either leaves the other alone', () => {
    const { events } = load('reconnect_session');
    const half = Math.floor(events.length / 2);
    const r = new Replayer();
    events.slice(0, half).forEach((e, i) => r.feed(e, i));
    const copy = r.clone();
    const before = JSON.stringify(copy.dump());
    events.slice(half).forEach((e, i) => r.feed(e, half + i));
    expect(JSON.stringify(copy.dump())).toBe(before);
    expect(copy.count).toBe(half);
    events.slice(half).forEach((e, i) => copy.feed(e, half + i));
    expect(copy.dump()).toEqual(replayToDump(events));
    expect(r.dump()).toEqual(replayToDump(events));
    expect(copy.connection).toBe(r.connection);
  });
});

describe('a windowed replay (historyWindowMs)', () => {
  for (const name of ['follower_session', 'reconnect_session', 'race_snapshot', 'seq_gap_reseed']) {
    it(`${name}: ends in the whole replay's dump`, () => {
      const { events } = load(name);
      const r = new Replayer({ historyWindowMs: 1_000, maxRejections: 0 });
      events.forEach((e, i) => r.feed(e, i));
      expect(r.dump()).toEqual(replayToDump(events));
    });
  }

  it('refuses a snapshot asked before the deltas it keeps', () => {
    const frame = (seq: number, t: number) =>
      JSON.stringify({
        id: `w${seq}`,
        topic: 'wallet',
        type: 'delta',
        seq,
        creationTime: 1_732_150_000_000 + t,
        data: [
          {
            coin: 'USDT',
            walletBalanceE8: String(seq),
            updatedAtE3: String(1_732_150_000_000 + t),
            walletVersion: seq,
          },
        ],
      });
    const events: SessionEvent[] = [{ t: 0, kind: 'open', stream: 'private' }];
    for (let i = 1; i <= 1_100; i++) {
      events.push({ t: i * 100, kind: 'recv', stream: 'private', frame: frame(i, i * 100) });
    }
    events.push({
      t: 110_001,
      kind: 'rest',
      sent: 5,
      method: 'GET',
      path: '/v3/private/asset/wallets',
      status: 200,
      body: '{"ret_code":0,"ret_msg":"OK","result":{"list":[]},"time_now":"1732150000.005"}',
    });
    const whole = new Replayer();
    const windowed = new Replayer({ historyWindowMs: 10_000 });
    events.forEach((e, i) => whole.feed(e, i));
    expect(whole.dump().stats).toMatchObject({ framesApplied: 1_100, framesRejected: 0 });
    expect(() => events.forEach((e, i) => windowed.feed(e, i))).toThrow(
      /asked at t=5, before the 10000 ms of deltas a streamed replay keeps/,
    );
  });
});

describe('instants', () => {
  const header = {
    kind: 'header' as const,
    version: 1,
    recordedAt: '2024-11-21T23:59:00.000Z',
    userId: 1,
  };
  it('reads ms, seconds, line:N, ISO date-times and times of day across midnight', () => {
    expect(parseInstant('1500', header)).toMatchObject({ kind: 'time', t: 1500 });
    expect(parseInstant('1.5s', header)).toMatchObject({ kind: 'time', t: 1500 });
    expect(parseInstant('line:7', header)).toMatchObject({ kind: 'line', line: 7 });
    expect(parseInstant('2024-11-22T01:59:30+02:00', header)).toMatchObject({ t: 30_000 });
    expect(parseInstant('23:59:30', header)).toMatchObject({ t: 30_000 });
    expect(parseInstant('00:00:30.5', header)).toMatchObject({ t: 90_500 });
    expect(() => parseInstant('25:00', header)).toThrow(/not a time of day/);
  });
  it('a time of day before the start is the next day only when the recording reaches it', () => {
    // Across midnight: 23:59:00 to 00:05:00.
    expect(parseInstant('00:00:30', header, 360_000)).toMatchObject({ t: 90_000 });
    expect(() => parseInstant('23:58:00', header, 360_000)).toThrow(
      '23:58:00 (2024-11-21T23:58:00.000Z) is before the recording started, and the next day ' +
        '(2024-11-22T23:58:00.000Z) is after its end: it runs from 2024-11-21T23:59:00.000Z ' +
        'to 2024-11-22T00:05:00.000Z',
    );
    // The operator's case: started 14:02:30, --at 14:02:05 was the end's state, silently.
    const h = { ...header, recordedAt: '2026-11-21T14:02:30.000Z' };
    expect(() => parseInstant('14:02:05', h, 600_000)).toThrow(
      /^14:02:05 \(2026-11-21T14:02:05\.000Z\) is before the recording started.*it runs from 2026-11-21T14:02:30\.000Z to 2026-11-21T14:12:30\.000Z$/,
    );
    expect(parseInstant('14:02:31', h, 600_000)).toMatchObject({ t: 1_000 });
    // Past the end stays an instant (the command says so and prints the end's state).
    expect(parseInstant('15:00', h, 600_000)).toMatchObject({ t: 3_450_000 });
  });
  it("an ISO date-time without an offset is UTC, whatever the machine's time zone", () => {
    const h = { ...header, recordedAt: '2026-11-21T14:02:30.000Z' };
    const saved = process.env.TZ;
    try {
      for (const tz of ['UTC', 'Asia/Shanghai', 'America/New_York']) {
        process.env.TZ = tz;
        expect(parseInstant('2026-11-21T14:02:31', h)).toMatchObject({ t: 1_000 });
        expect(parseInstant('2026-11-21T14:02:31.250Z', h)).toMatchObject({ t: 1_250 });
        expect(parseInstant('2026-11-21T22:02:31+08:00', h)).toMatchObject({ t: 1_000 });
        expect(parseInstant('2026-11-21T09:02:31-05:00', h)).toMatchObject({ t: 1_000 });
        expect(parseIsoDateTime('2026-11-21T14:02')).toBe(Date.UTC(2026, 10, 21, 14, 2));
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
    // A fraction finer than a millisecond is cut to the millisecond.
    expect(parseIsoDateTime('2026-11-21T14:02:31.123456Z')).toBe(
      Date.UTC(2026, 10, 21, 14, 2, 31, 123),
    );
    expect(parseIsoDateTime('0099-01-01T00:00:00Z')).toBe(Date.parse('0099-01-01T00:00:00Z'));
  });
  it('refuses what is not a strict ISO 8601 date-time, naming the instant it read', () => {
    const h = { ...header, recordedAt: '2026-11-21T14:02:30.000Z' };
    for (const bad of [
      '2026-11-21 14:02:31', // a space: Date.parse took it as local time
      '2026-11-21',
      '2026-11-21T14:02:31 Z',
      '2026-11-21T14:02:31+0800',
      '2026-11-21T14:02:31+08',
      '2026-11-21T14:02:31GMT',
      '2026-11-21T14:02:31.Z',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T14:60:00Z',
      '2026-11-21T14:02:31+24:00',
    ]) {
      expect(() => parseInstant(bad, h), bad).toThrow(/expected an ISO 8601 date-time/);
    }
    expect(() => parseInstant('2026-11-21T22:02:29+08:00', h, 1000)).toThrow(
      '2026-11-21T22:02:29+08:00 (2026-11-21T14:02:29.000Z) is before the recording started: ' +
        'it runs from 2026-11-21T14:02:30.000Z to 2026-11-21T14:02:31.000Z',
    );
  });
  it('cuts at the last event at or before T', () => {
    const ev = (t: number): SessionEvent => ({ t, kind: 'open', stream: 'public' });
    const events = [ev(0), ev(10), ev(10), ev(20)];
    expect(cutIndex(events, { kind: 'time', t: 9, text: '' })).toBe(1);
    expect(cutIndex(events, { kind: 'time', t: 10, text: '' })).toBe(3);
    expect(cutIndex(events, { kind: 'line', line: 1, text: '' })).toBe(0);
    expect(cutIndex(events, { kind: 'line', line: 5, text: '' })).toBe(4);
  });
});

describe('diffDumps', () => {
  it('positions by key, then their order on its own', () => {
    const p = (symbol: string, size: string) => ({ symbol, positionIdx: 0, userId: 2, size });
    const a = { copytrade: { positions: [p('A', '1'), p('B', '1')] } };
    const b = { copytrade: { positions: [p('B', '1'), p('A', '1')] } };
    expect(diffDumps(a, b)).toEqual([
      { path: 'copytrade.positions(order)', a: ['A/0/2', 'B/0/2'], b: ['B/0/2', 'A/0/2'] },
    ]);
    const c = { copytrade: { positions: [p('A', '2'), p('B', '1')] } };
    expect(diffDumps(a, c)).toEqual([{ path: 'copytrade.positions.A/0/2.size', a: '1', b: '2' }]);
  });
  it('quotes keys that are not plain, and an entity on one side is one difference', () => {
    expect(diffDumps({ wallets: { 'a.b': { x: 1 } } }, { wallets: {} })).toEqual([
      { path: 'wallets."a.b"', a: { x: 1 }, b: undefined },
    ]);
  });
});

/**
 * diffByTime as it was before it compared only what changed (and still the definition): both
 * whole dumps built and diffed after every instant, the first difference reported.
 */
function diffByTimeReference(
  a: readonly SessionEvent[],
  b: readonly SessionEvent[],
  options: { stats?: boolean },
): PartByTime | undefined {
  const ra = new Replayer();
  const rb = new Replayer();
  let ia = 0;
  let ib = 0;
  while (ia < a.length || ib < b.length) {
    const t = Math.min(a[ia]?.t ?? Infinity, b[ib]?.t ?? Infinity);
    const fromA = ia;
    const fromB = ib;
    while (ia < a.length && a[ia]!.t <= t) ra.feed(a[ia]!, ia++);
    while (ib < b.length && b[ib]!.t <= t) rb.feed(b[ib]!, ib++);
    const differences = diffDumps(ra.dump(), rb.dump(), options);
    if (differences.length > 0) {
      return {
        align: 'time',
        t,
        linesA: [fromA + 2, ia + 1],
        linesB: [fromB + 2, ib + 1],
        differences,
      };
    }
  }
  return undefined;
}

/** mulberry32 */
function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Copies of `events`, each changed in one place: a digit of a received frame (a value, a key, a
 * seq, a time: the frame may become invalid, or stale), a frame made garbage (a rejection: only
 * the counters differ), an event dropped, an event played twice.
 */
function variants(events: readonly SessionEvent[], seed: number, count: number): SessionEvent[][] {
  const random = rng(seed);
  const recv = events
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.kind === 'recv' && /\d/.test(e.frame));
  const out: SessionEvent[][] = [];
  for (let k = 0; k < count && recv.length > 0; k++) {
    const { e, i } = recv[Math.floor(random() * recv.length)]!;
    const copy = [...events];
    const how = k % 4;
    if (how === 0 && e.kind === 'recv') {
      const digits = [...e.frame.matchAll(/\d/g)];
      const at = digits[Math.floor(random() * digits.length)]!.index;
      const d = String((Number(e.frame[at]) + 1 + Math.floor(random() * 8)) % 10);
      copy[i] = { ...e, frame: e.frame.slice(0, at) + d + e.frame.slice(at + 1) };
    } else if (how === 1 && e.kind === 'recv') {
      copy[i] = { ...e, frame: '{"topic":"wallet","type":"delta"' };
    } else if (how === 2) {
      copy.splice(i, 1);
    } else {
      copy.splice(i, 0, e);
    }
    out.push(copy);
  }
  return out;
}

describe('diffByTime compares only what changed, with the answer of whole dumps', () => {
  const generated = (): SessionEvent[] => {
    const lines: string[] = [];
    generate({ positions: 150, orders: 100, rate: 300, seconds: 1, symbols: 30, seed: 7 }, (l) =>
      lines.push(l),
    );
    return parseSession(lines.join('\n')).events;
  };
  const names = [
    'follower_session',
    'reconnect_session',
    'leader_session',
    'race_snapshot',
    'seq_gap_reseed',
    'hostile_frames',
    'positions_example',
    'assets_session',
  ];
  // Rows in several chunks of 64 (row-map.ts), so unchanged chunks are skipped.
  const sessions: [string, () => readonly SessionEvent[], number][] = [
    ...names.map((n): [string, () => readonly SessionEvent[], number] => [
      n,
      () => load(n).events,
      24,
    ]),
    ['a generated session (150 positions, 100 orders, 30 symbols)', generated, 8],
  ];

  for (const [name, events, count] of sessions) {
    it(`${name}: itself and ${count} copies changed in one place, with and without stats`, () => {
      const a = events();
      expect(diffByTime(a, a)).toBeUndefined();
      let parted = 0;
      for (const [k, copy] of variants(a, name.length, count).entries()) {
        for (const options of [{}, { stats: false }]) {
          const got = diffByTime(a, copy, options);
          expect(got, `copy ${k} ${JSON.stringify(options)}`).toEqual(
            diffByTimeReference(a, copy, options),
          );
          if (got) parted++;
        }
        for (const options of [{}, { stats: false }]) {
          expect(diffByTime(copy, a, options), `copy ${k} as A`).toEqual(
            diffByTimeReference(copy, a, options),
          );
        }
      }
      expect(parted).toBeGreaterThan(0);
    });
  }

  it('positions: the same rows in another display order part at that instant', () => {
    const position = (symbol: string) => ({
      symbol,
      positionIdx: 0,
      userId: 2001,
      side: 'Buy',
      size: '0.5',
      entryPrice: '1',
      markPrice: '1',
      leverage: '10',
      liqPrice: '0.1',
      unrealisedPnlE8: '0',
      createdAtE3: '1732150000000',
      updatedAtE3: '1732150000005',
    });
    const frame = (seq: number, t: number, symbol: string): SessionEvent => ({
      t,
      kind: 'recv',
      stream: 'private',
      frame: JSON.stringify({
        id: `f${seq}`,
        topic: 'copytrade.position',
        type: 'delta',
        seq,
        creationTime: 1732150000000 + t,
        data: [position(symbol)],
      }),
    });
    const open: SessionEvent = { t: 0, kind: 'open', stream: 'private' };
    const a = [open, frame(1, 5, 'XRPUSDT'), frame(2, 5, 'BTCUSDT'), frame(3, 9, 'ETHUSDT')];
    const b = [open, frame(1, 5, 'BTCUSDT'), frame(2, 5, 'XRPUSDT'), frame(3, 9, 'ETHUSDT')];
    const part = diffByTime(a, b);
    expect(part).toEqual(diffByTimeReference(a, b, {}));
    expect(part).toMatchObject({
      t: 5,
      differences: [{ path: 'copytrade.positions(order)' }],
    });
    // Once a session, the other the same one split at another instant: a row changed on one
    // side only, then on the other.
    const c = [open, frame(1, 5, 'XRPUSDT'), frame(2, 6, 'BTCUSDT'), frame(3, 9, 'ETHUSDT')];
    expect(diffByTime(a, c)).toEqual(diffByTimeReference(a, c, {}));
    expect(diffByTime(c, a, { stats: false })).toEqual(diffByTimeReference(c, a, { stats: false }));
  });

  it('two different sessions part where whole dumps say', () => {
    const some = ['follower_session', 'reconnect_session', 'leader_session', 'race_snapshot'];
    for (const x of some) {
      for (const y of some) {
        const [a, b] = [load(x).events, load(y).events];
        expect(diffByTime(a, b), `${x} ${y}`).toEqual(diffByTimeReference(a, b, {}));
      }
    }
  });
});

/** A topic's part of a whole dump, as diffBySeq compares it. */
function topicOf(dump: ReturnType<Replayer['dump']>, topic: PrivateTopic): unknown {
  const c = dump.copytrade;
  const parts: Record<PrivateTopic, unknown> = {
    wallet: { wallets: dump.wallets },
    risk: { risk: dump.risk },
    'copytrade.account': { copytrade: { account: c.account } },
    'copytrade.order': { copytrade: { orders: c.orders } },
    'copytrade.position': { copytrade: { positions: c.positions } },
    'copytrade.leaderWallet': { copytrade: { leaderWallet: c.leaderWallet } },
    'copytrade.leaderIncome': { copytrade: { leaderIncome: c.leaderIncome } },
  };
  return parts[topic];
}

/**
 * diffBySeq's definition, with whole dumps: after every private data frame of each session, its
 * topic's part of the dump; the first frame of A (in A's order) whose part differs from B's after
 * the frame of the same connection, topic and seq; else the final dumps.
 */
function diffBySeqReference(
  a: readonly SessionEvent[],
  b: readonly SessionEvent[],
  options: { stats?: boolean },
): PartBySeq | undefined {
  type Mark = { key: string; at: PartBySeq['at']; line: number; t: number; part: unknown };
  const marks = (events: readonly SessionEvent[]) => {
    const r = new Replayer();
    const out: Mark[] = [];
    events.forEach((ev, i) => {
      r.feed(ev, i);
      if (ev.kind !== 'recv' || ev.stream !== 'private') return;
      const f = decodePrivate(ev.frame);
      if (f.kind !== 'data') return;
      out.push({
        key: `${r.connection}/${f.topic}/${f.seq}`,
        at: { connection: r.connection, topic: f.topic, seq: f.seq },
        line: i + 2,
        t: ev.t,
        part: topicOf(r.dump(), f.topic),
      });
    });
    return out;
  };
  const ma = marks(a);
  const mb = new Map(marks(b).map((m) => [m.key, m]));
  const keysA = new Set(ma.map((m) => m.key));
  const onlyA = ma.filter((m) => !mb.has(m.key)).length;
  const onlyB = [...mb.keys()].filter((k) => !keysA.has(k)).length;
  for (const m of ma) {
    const other = mb.get(m.key);
    if (!other) continue;
    const differences = diffDumps(m.part as never, other.part as never);
    if (differences.length === 0) continue;
    return {
      align: 'seq',
      at: m.at,
      lineA: m.line,
      lineB: other.line,
      tA: m.t,
      tB: other.t,
      differences,
      onlyA,
      onlyB,
    };
  }
  const differences = diffDumps(replayToDump(a), replayToDump(b), options);
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

describe('diffBySeq keeps prints of what changed, with the answer of whole dumps', () => {
  const generated = (): SessionEvent[] => {
    const lines: string[] = [];
    generate({ positions: 150, orders: 100, rate: 300, seconds: 1, symbols: 30, seed: 11 }, (l) =>
      lines.push(l),
    );
    return parseSession(lines.join('\n')).events;
  };
  const sessions: [string, () => readonly SessionEvent[], number][] = [
    ['follower_session', () => load('follower_session').events, 8],
    ['reconnect_session', () => load('reconnect_session').events, 8],
    ['leader_session', () => load('leader_session').events, 8],
    ['seq_gap_reseed', () => load('seq_gap_reseed').events, 8],
    ['a generated session (150 positions, 100 orders, 30 symbols)', generated, 8],
  ];
  for (const [name, events, count] of sessions) {
    it(`${name}: itself and ${count} copies changed in one place`, () => {
      const a = events();
      expect(diffBySeq(a, a)).toBeUndefined();
      let parted = 0;
      for (const [k, copy] of variants(a, name.length + 1, count).entries()) {
        for (const [x, y] of [
          [a, copy],
          [copy, a],
        ] as const) {
          const got = diffBySeq(x, y);
          expect(got, `copy ${k}`).toEqual(diffBySeqReference(x, y, {}));
          if (got && got.at !== 'end') parted++;
        }
      }
      expect(parted).toBeGreaterThan(0);
    });
  }

  it('positions: the same rows in another display order part at that frame', () => {
    const position = (symbol: string, size: string) => ({
      symbol,
      positionIdx: 0,
      userId: 2001,
      side: 'Buy',
      size,
      entryPrice: '1',
      markPrice: '1',
      leverage: '10',
      liqPrice: '0.1',
      unrealisedPnlE8: '0',
      createdAtE3: '1732150000000',
      updatedAtE3: '1732150000005',
    });
    const frame = (seq: number, ...symbols: [string, string][]): SessionEvent => ({
      t: seq,
      kind: 'recv',
      stream: 'private',
      frame: JSON.stringify({
        id: `f${seq}`,
        topic: 'copytrade.position',
        type: 'delta',
        seq,
        creationTime: 1732150000000 + seq,
        data: symbols.map(([s, size]) => position(s, size)),
      }),
    });
    const open: SessionEvent = { t: 0, kind: 'open', stream: 'private' };
    const a = [open, frame(1, ['XRPUSDT', '1'], ['BTCUSDT', '1']), frame(2, ['ETHUSDT', '1'])];
    const b = [open, frame(1, ['BTCUSDT', '1'], ['XRPUSDT', '1']), frame(2, ['ETHUSDT', '1'])];
    expect(diffBySeq(a, b)).toMatchObject({
      at: { connection: 1, topic: 'copytrade.position', seq: 1 },
      differences: [{ path: 'copytrade.positions(order)' }],
    });
    expect(diffBySeq(a, b)).toEqual(diffBySeqReference(a, b, {}));
    // A row that differs at seq 1 and is equal again at seq 2 parts at seq 1.
    const c = [open, frame(1, ['XRPUSDT', '2'], ['BTCUSDT', '1']), frame(2, ['XRPUSDT', '1'])];
    const d = [open, frame(1, ['XRPUSDT', '1'], ['BTCUSDT', '1']), frame(2, ['XRPUSDT', '1'])];
    expect(diffBySeq(c, d)).toMatchObject({ at: { seq: 1 } });
    expect(diffBySeq(c, d)).toEqual(diffBySeqReference(c, d, {}));
  });
});
