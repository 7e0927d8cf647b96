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

  it('gives the same file for the same seed', () => {
    const opts = { positions: 10, orders: 10, rate: 100, seconds: 1, symbols: 5, seed: 9 };
    writeSession(join(tmp, 'a.jsonl'), opts);
    writeSession(join(tmp, 'b.jsonl'), opts);
    expect(readFileSync(join(tmp, 'a.jsonl'), 'utf8')).toBe(
      readFileSync(join(tmp, 'b.jsonl'), 'utf8'),
    );
  });
});
