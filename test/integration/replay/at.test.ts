/**
 * `replay --print-state FILE --at T`: for every recorded session of test/sessions, the state at
 * T equals the state of the file cut at T (its lines up to the last event at or before T, written
 * out and printed with plain --print-state), for T as ms, as seconds, as a wall-clock time and as
 * line:N; `--every S` prints, per step, the state --at gives for that step's instant.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSession } from '@src/wire/session-file';
import { runReplay } from '@scripts/replay';
import { SESSIONS } from './support';
import { replay, SESSION_NAMES } from './investigate-support';

const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-at-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const path = (name: string) => join(SESSIONS, `${name}.jsonl`);

/** FILE cut at T: the header and every event line whose t is at or before T. */
function cutFile(name: string, t: number): string {
  const lines = readFileSync(path(name), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const kept = [lines[0] as string];
  for (const l of lines.slice(1)) {
    if ((JSON.parse(l) as { t: number }).t <= t) kept.push(l);
  }
  const out = join(tmp, `${name}-cut-${t}.jsonl`);
  writeFileSync(out, kept.join('\n') + '\n');
  return out;
}

describe('--print-state --at T equals a replay cut at T', () => {
  for (const name of SESSION_NAMES) {
    it(name, async () => {
      const session = parseSession(readFileSync(path(name), 'utf8'));
      const end = session.events[session.events.length - 1]?.t ?? 0;
      // The start, a few instants inside (on an event's time and between events), the end.
      const instants = [0, Math.floor(end / 3), Math.floor(end / 2) + 1, end];
      for (const t of instants) {
        const at = await replay('--print-state', path(name), '--at', String(t));
        const cut = await replay('--print-state', cutFile(name, t));
        expect(at.stderr).toBe('');
        expect(at.code).toBe(0);
        expect(at.stdout).toBe(cut.stdout);
      }
      // The end is the whole file.
      const whole = await replay('--print-state', path(name));
      expect((await replay('--print-state', path(name), '--at', String(end))).stdout).toBe(
        whole.stdout,
      );
      // Seconds, the wall-clock time of the recording and line:N name the same instants.
      const mid = Math.floor(end / 2) + 1;
      const byMs = (await replay('--print-state', path(name), '--at', String(mid))).stdout;
      const wall = new Date(Date.parse(session.header.recordedAt) + mid).toISOString();
      expect((await replay('--print-state', path(name), '--at', wall)).stdout).toBe(byMs);
      expect((await replay('--print-state', path(name), '--at', `${mid / 1000}s`)).stdout).toBe(
        byMs,
      );
      const lineN = 1 + session.events.filter((e) => e.t <= mid).length;
      expect((await replay('--print-state', path(name), '--at', `line:${lineN}`)).stdout).toBe(
        byMs,
      );
    });
  }

  it('a time of day is on the recording day (UTC), line:1 is the empty state', async () => {
    const name = 'follower_session'; // recorded at 00:46:40 UTC
    const a = await replay('--print-state', path(name), '--at', '00:47:00');
    const b = await replay('--print-state', path(name), '--at', '20000');
    expect(a.stdout).toBe(b.stdout);
    const empty = JSON.parse(
      (await replay('--print-state', path(name), '--at', 'line:1')).stdout,
    ) as { copytrade: { orders: object }; stats: { framesApplied: number } };
    expect(empty.stats.framesApplied).toBe(0);
    expect(empty.copytrade.orders).toEqual({});
  });

  it('refuses instants it cannot place, with one line and exit 1', async () => {
    const f = path('race_snapshot');
    for (const [at, msg] of [
      ['yesterday', /--at "yesterday": expected/],
      ['line:0', /line:0: the file has lines 1 to 14/],
      ['line:99', /line:99: the file has lines 1 to 14/],
      ['2020-01-01T00:00:00Z', /before the recording started/],
      // It was parseArgs' "argument is ambiguous ... use '--at=-XYZ'".
      ['-5', /--at "-5": a time before the start; expected ms from the start, 0 or more/],
      ['-1.5s', /--at "-1.5s": a time before the start; expected/],
    ] as const) {
      const r = await replay('--print-state', f, '--at', at);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const both = await replay('--print-state', f, '--at', '5', '--every', '1');
    expect(both.code).toBe(1);
  });

  it('a time of day before the start is refused, naming the start and the end', async () => {
    // follower_session: 00:46:40 to 00:47:40 UTC. 00:46:05 was read as the next day, past the
    // end, and printed the end's state with exit 0.
    const r = await replay('--print-state', path('follower_session'), '--at', '00:46:05');
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'replay: ' +
        path('follower_session') +
        ': 00:46:05 (2024-11-21T00:46:05.000Z) is before the recording started, and the next ' +
        'day (2024-11-22T00:46:05.000Z) is after its end: it runs from 2024-11-21T00:46:40.000Z ' +
        'to 2024-11-21T00:47:40.000Z\n',
    );
  });

  it('past the end prints the state at the end with a one-line note on stderr', async () => {
    const f = path('race_snapshot'); // 00:00:00.000 to 00:00:00.060 UTC
    const whole = await replay('--print-state', f);
    for (const at of ['61', '00:00:01', '2026-11-21T00:00:01Z']) {
      const r = await replay('--print-state', f, '--at', at);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(whole.stdout);
      expect(r.stderr).toMatch(
        new RegExp(
          `^replay: note: --at ${at} is t=\\d+ ms \\(2026-11-21T00:00:0[01]\\.\\d{3}Z\\), after ` +
            "the recording's end at t=60 ms \\(2026-11-21T00:00:00\\.060Z\\): printing the state " +
            'at the end\n$',
        ),
      );
    }
    const atEnd = await replay('--print-state', f, '--at', '60');
    expect(atEnd.stderr).toBe('');
  });

  it('an ISO date-time is strict and UTC when it has no offset', async () => {
    const f = path('follower_session');
    const byMs = await replay('--print-state', f, '--at', '20000');
    for (const at of ['2024-11-21T00:47:00', '2024-11-21T00:47:00Z', '2024-11-21T08:47:00+08:00']) {
      const r = await replay('--print-state', f, '--at', at);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(byMs.stdout);
    }
    const spaced = await replay('--print-state', f, '--at', '2024-11-21 00:47:00');
    expect(spaced.code).toBe(1);
    expect(spaced.stderr).toMatch(/2024-11-21 00:47:00: not an ISO 8601 date-time; expected/);
    const before = await replay('--print-state', f, '--at', '2024-11-21T08:46:00+08:00');
    expect(before.stderr).toMatch(
      /2024-11-21T08:46:00\+08:00 \(2024-11-21T00:46:00\.000Z\) is before the recording started: it runs from 2024-11-21T00:46:40\.000Z to 2024-11-21T00:47:40\.000Z\n$/,
    );
  });
});

describe('--print-state --every S', () => {
  it('prints one compact JSON line per step, each the state --at gives there', async () => {
    const name = 'reconnect_session';
    const r = await replay('--print-state', path(name), '--every', '7.5');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const session = parseSession(readFileSync(path(name), 'utf8'));
    const end = session.events[session.events.length - 1]?.t ?? 0;
    expect(lines).toHaveLength(Math.ceil(end / 7500) + 1);
    for (const [k, text] of lines.entries()) {
      expect(text).not.toContain('\n');
      const step = JSON.parse(text) as { t: number; at: string; line: number; state: unknown };
      expect(step.t).toBe(Math.min(k * 7500, end));
      expect(step.at).toBe(new Date(Date.parse(session.header.recordedAt) + step.t).toISOString());
      const at = await replay('--print-state', path(name), '--at', String(step.t));
      expect(step.state).toEqual(JSON.parse(at.stdout));
      const byLine = await replay('--print-state', path(name), '--at', `line:${step.line}`);
      expect(byLine.stdout).toBe(at.stdout);
    }
  });

  it('waits for the output to drain between lines (a slow reader)', async () => {
    const f = path('reconnect_session');
    const whole = await replay('--print-state', f, '--every', '7.5');
    const lines: string[] = [];
    let waiting = false;
    let waits = 0;
    const run = await runReplay(['--print-state', f, '--every', '7.5'], {
      out: (t) => {
        // Nothing is written while the reader has not taken the previous line.
        expect(waiting).toBe(false);
        lines.push(t);
      },
      err: (t) => lines.push(`stderr: ${t}`),
      ready: () => {
        waiting = true;
        waits++;
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            waiting = false;
            resolve();
          }, 5),
        );
      },
    });
    expect(run.code).toBe(0);
    expect(lines.join('')).toBe(whole.stdout);
    expect(waits).toBe(lines.length);
  });

  it('takes ms and minutes too, and refuses a step of 0', async () => {
    const f = path('race_snapshot'); // 60 ms long
    const ms = await replay('--print-state', f, '--every', '25ms');
    expect(
      ms.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { t: number }).t),
    ).toEqual([0, 25, 50, 60]);
    const min = await replay('--print-state', f, '--every', '1m');
    expect(min.stdout.trimEnd().split('\n')).toHaveLength(2);
    const zero = await replay('--print-state', f, '--every', '0');
    expect(zero.code).toBe(1);
    expect(zero.stderr).toMatch(/--every "0"/);
  });
});
