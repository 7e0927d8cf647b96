/**
 * The browser benchmark's heavy-session generator (`npm run gen-session`, scripts/gen-session.ts)
 * writes a session that `replay --print-state` replays without a rejected frame or a resync, to
 * the positions and orders it was asked for; written in pieces and read back as a stream of
 * lines, as a 10-minute soak's file (over 512 MB, past V8's largest string) must be.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSession } from '@scripts/gen-session';
import { printState } from './print-state';

const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-gen-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('gen-session', () => {
  it('writes a session that replays to the positions and orders asked for', async () => {
    const file = join(tmp, 'small.jsonl');
    const opts = { positions: 40, orders: 30, rate: 400, seconds: 3, symbols: 12, seed: 3 };
    const frames = writeSession(file, opts);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    // a header, both sockets opening, the snapshots, then `rate` frames a second
    expect(frames).toBeGreaterThanOrEqual(opts.rate * opts.seconds);
    expect(lines.length).toBeGreaterThan(frames);
    const r = await printState(file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const dump = JSON.parse(r.stdout) as {
      copytrade: { positions: unknown[]; orders: Record<string, unknown> };
      stats: { framesApplied: number; framesRejected: number; resyncs: number };
    };
    expect(dump.stats.framesRejected).toBe(0);
    expect(dump.stats.resyncs).toBe(0);
    expect(dump.stats.framesApplied).toBeGreaterThanOrEqual(opts.rate * opts.seconds);
    expect(dump.copytrade.positions).toHaveLength(opts.positions);
    expect(Object.keys(dump.copytrade.orders)).toHaveLength(opts.orders);
  });

  it("keeps each leader's positions, symbols and sides through the churn", async () => {
    // 40 positions over 12 symbols: leaders 2001 (24 = 12 symbols x 2 sides) and 2002 (16).
    const file = join(tmp, 'churn.jsonl');
    const opts = { positions: 40, orders: 10, rate: 2000, seconds: 3, symbols: 12, seed: 3 };
    writeSession(file, opts);
    interface Row {
      symbol: string;
      positionIdx: number;
      userId: number;
      size: string;
      entryPrice: string;
    }
    const book = (rows: Row[]) =>
      rows.map((p) => `${p.userId}/${p.symbol}/${p.positionIdx}`).sort();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const rest = lines
      .map((l) => JSON.parse(l) as { kind: string; path?: string; body?: string; frame?: string })
      .filter((l) => l.kind === 'rest' || l.kind === 'recv');
    const snapshot = rest.find((l) => l.path === '/v3/private/copytrade/positions');
    const before = (JSON.parse(snapshot?.body ?? '{}') as { result: { list: Row[] } }).result.list;
    // closes happened: a position delta with size 0, and the same key open again after it
    const closes = rest.flatMap((l) => {
      const f = l.frame ? (JSON.parse(l.frame) as { topic?: string; data?: Row[] }) : {};
      return f.topic === 'copytrade.position' ? (f.data ?? []).filter((p) => p.size === '0') : [];
    });
    expect(closes.length).toBeGreaterThan(5);
    const r = await printState(file);
    expect(r.code).toBe(0);
    const after = (JSON.parse(r.stdout) as { copytrade: { positions: Row[] } }).copytrade.positions;
    expect(book(after)).toEqual(book(before));
  });

  it('gives the same file for the same seed', () => {
    const opts = { positions: 10, orders: 10, rate: 100, seconds: 1, symbols: 5, seed: 9 };
    writeSession(join(tmp, 'a.jsonl'), opts);
    writeSession(join(tmp, 'b.jsonl'), opts);
    expect(readFileSync(join(tmp, 'a.jsonl'), 'utf8')).toBe(
      readFileSync(join(tmp, 'b.jsonl'), 'utf8'),
    );
  });
});
