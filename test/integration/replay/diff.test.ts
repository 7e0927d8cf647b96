/**
 * `replay --diff`: a session against itself agrees (exit 0); against a copy where one frame's
 * value was changed it names that frame's instant (and lines) and the changed path with both
 * values (exit 1), by time and by topic seq; a session against a saved dump (`--diff FILE
 * DUMP.json`) agrees with its own expected dump and names what differs in a changed one; a bad
 * file exits 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePrivate } from '@src/wire/decode';
import { SESSIONS } from './support';
import { replay, SESSION_NAMES } from './investigate-support';

const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-diff-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const path = (name: string) => join(SESSIONS, `${name}.jsonl`);

interface Changed {
  file: string;
  line: number;
  t: number;
  seq: number;
  coin: string;
  before: string;
  after: string;
}

/**
 * A copy of `name` where the wallet delta at the middle of the file has its `availableBalanceE8`
 * changed (by one unit of the last digit): nothing else differs.
 */
function withOneValueChanged(name: string): Changed {
  const lines = readFileSync(path(name), 'utf8').split('\n');
  const wallet = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.includes('\\"topic\\":\\"wallet\\"') && l.includes('availableBalanceE8'));
  const pick = wallet[Math.floor(wallet.length / 2)];
  if (!pick) throw new Error(`${name}: no wallet delta`);
  const ev = JSON.parse(pick.l) as { t: number; frame: string };
  const frame = JSON.parse(ev.frame) as {
    seq: number;
    data: { coin: string; availableBalanceE8: string }[];
  };
  const item = frame.data[0]!;
  const before = item.availableBalanceE8;
  const after = String(BigInt(before) + 1n);
  item.availableBalanceE8 = after;
  const changedFrame = JSON.stringify(frame);
  expect(decodePrivate(changedFrame).kind).toBe('data');
  lines[pick.i] = JSON.stringify({ ...ev, frame: changedFrame });
  const file = join(tmp, `${name}-changed.jsonl`);
  writeFileSync(file, lines.join('\n'));
  return { file, line: pick.i + 1, t: ev.t, seq: frame.seq, coin: item.coin, before, after };
}

describe('replay --diff A B', () => {
  for (const name of SESSION_NAMES) {
    it(`${name} agrees with itself (exit 0), by time and by seq`, async () => {
      const r = await replay('--diff', path(name), path(name));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/agree at every instant/);
      const s = await replay('--diff', '--align', 'by-seq', path(name), path(name));
      expect(s.code).toBe(0);
    });
  }

  for (const name of ['follower_session', 'reconnect_session', 'leader_session']) {
    it(`${name} with one frame's value changed: names that instant and path (exit 1)`, async () => {
      const c = withOneValueChanged(name);
      const r = await replay('--diff', path(name), c.file);
      expect(r.code).toBe(1);
      const [head, , ...diffs] = r.stdout.trimEnd().split('\n');
      expect(head).toContain(`part at t=${c.t} ms`);
      // The lines of B at that instant hold the changed frame's line.
      const m = /B lines? (\d+)(?:-(\d+))?$/.exec(head ?? '');
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeLessThanOrEqual(c.line);
      expect(Number(m![2] ?? m![1])).toBeGreaterThanOrEqual(c.line);
      expect(diffs).toContain(
        `  wallets.${c.coin}.availableBalanceE8: A "${c.before}" B "${c.after}"`,
      );
      expect(diffs).toHaveLength(1);

      const bySeq = await replay('--diff', '--align', 'by-seq', path(name), c.file);
      expect(bySeq.code).toBe(1);
      expect(bySeq.stdout).toMatch(
        new RegExp(`, wallet seq ${c.seq}: A line ${c.line} \\(t=${c.t} ms\\)`),
      );
      expect(bySeq.stdout).toContain(
        `  wallets.${c.coin}.availableBalanceE8: A "${c.before}" B "${c.after}"`,
      );
    });
  }

  it('names entities by their key: an order or a position only one side holds', async () => {
    const r = await replay('--diff', path('follower_session'), path('leader_session'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ {2}copytrade\.orders\.[0-9a-f-]+: A \{.*\} B \(absent\)$/m);
    expect(r.stdout).toMatch(/^ {2}copytrade\.leaderWallet: A null B \{/m);
  });

  it('exits 2 on a bad file, naming it', async () => {
    const bad = join(tmp, 'bad.jsonl');
    writeFileSync(bad, '{"kind":"header","version":1,"recordedAt":"x","userId":1}\n{"t":1,');
    const r = await replay('--diff', path('race_snapshot'), bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.jsonl: line 2: not valid JSON/);
    const missing = await replay('--diff', join(tmp, 'nothere.jsonl'), path('race_snapshot'));
    expect(missing.code).toBe(2);
    const one = await replay('--diff', path('race_snapshot'));
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/--diff takes two files/);
  });
});

describe('replay --diff FILE DUMP.json', () => {
  it('agrees with its own expected dump (exit 0) for every session', async () => {
    for (const name of SESSION_NAMES) {
      const r = await replay('--diff', path(name), join(SESSIONS, `${name}.state.json`));
      expect({ name, code: r.code, out: r.stdout }).toMatchObject({ code: 0 });
    }
  });

  it('names the differing paths and both values of a changed dump (exit 1)', async () => {
    const dump = JSON.parse(readFileSync(join(SESSIONS, 'race_snapshot.state.json'), 'utf8')) as {
      copytrade: { orders: Record<string, { qty: string }>; positions: { size: string }[] };
      stats: { framesApplied: number };
    };
    dump.copytrade.orders.o1!.qty = '2';
    dump.copytrade.positions[0]!.size = '9';
    dump.stats.framesApplied += 1;
    const f = join(tmp, 'changed.state.json');
    writeFileSync(f, JSON.stringify(dump));
    const r = await replay('--diff', path('race_snapshot'), f);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/differs from .*changed\.state\.json: 3 difference\(s\)/);
    expect(r.stdout).toContain('  copytrade.orders.o1.qty: A "1" B "2"');
    expect(r.stdout).toContain('  copytrade.positions.ETHUSDT/2/2003.size: A "0.5" B "9"');
    expect(r.stdout).toMatch(/ {2}stats\.framesApplied: A (\d+) B \d+/);
    const lenient = await replay('--diff', '--ignore-stats', path('race_snapshot'), f);
    expect(lenient.stdout).toMatch(/2 difference\(s\)/);
  });

  it('exits 2 when the dump is not a state dump', async () => {
    const f = join(tmp, 'other.json');
    writeFileSync(f, '{"hello":1}');
    const r = await replay('--diff', path('race_snapshot'), f);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a state dump/);
  });
});
