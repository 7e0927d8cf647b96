/**
 * `replay --check DIR`: 200 generated sessions (test/support/replay-corpus.ts, each with the dump
 * the generator expects) are replayed on worker threads, one line per file in name order and a
 * summary, exit 0; a changed expected value, a truncated file and a missing dump each get their
 * own line and make the run exit 1; shards split the corpus without overlap.
 */
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus, type GeneratedSession } from '../../support/replay-corpus';
import { replay } from './investigate-support';

const tmp = mkdtempSync(join(tmpdir(), 'assetdeck-check-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('replay --check DIR', () => {
  let corpus: GeneratedSession[];
  const dir = join(tmp, 'corpus');
  beforeAll(() => {
    corpus = writeCorpus(dir, 200);
  });

  it('reports each of 200 generated sessions and a summary, exit 0 (worker threads)', async () => {
    const r = await replay('--check', dir, '--jobs', '2');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(201);
    const names = corpus.map((s) => `${s.name}.jsonl`).sort();
    lines.slice(0, 200).forEach((l, i) => {
      expect(l).toMatch(new RegExp(`^ok {6}${names[i]} \\(\\d+ events, \\d+ ms\\)$`));
    });
    expect(lines[200]).toMatch(
      /^replay --check: 200 file\(s\): 200 ok, 0 differ, 0 error\(s\); [\d.]+ s, [\d.]+ sessions\/s on 2 worker\(s\), peak RSS \d+ MB$/,
    );
  });

  it('names a difference, a bad line and a missing dump on their own lines, exit 1', async () => {
    const bad = join(tmp, 'bad');
    const sessions = writeCorpus(bad, 6);
    // gen-0002: one expected value changed.
    const want = join(bad, 'gen-0002.state.json');
    const dump = JSON.parse(readFileSync(want, 'utf8')) as { stats: { framesApplied: number } };
    dump.stats.framesApplied += 5;
    writeFileSync(want, JSON.stringify(dump));
    // gen-0004: a truncated last line. gen-0005: no expected dump.
    appendFileSync(join(bad, 'gen-0004.jsonl'), '{"t":99999,"kind":"re');
    unlinkSync(join(bad, 'gen-0005.state.json'));
    const r = await replay('--check', bad);
    expect(r.code).toBe(1);
    const out = r.stdout;
    const applied = (sessions[1]!.expected as { stats: { framesApplied: number } }).stats
      .framesApplied;
    expect(out).toMatch(/^differ {2}gen-0002\.jsonl \(\d+ events, \d+ ms\): 1 difference\(s\)$/m);
    expect(out).toContain(`stats.framesApplied: got ${applied} expected ${applied + 5}`);
    expect(out).toMatch(/^error {3}gen-0004\.jsonl: line 2[0-9]: not valid JSON/m);
    expect(out).toMatch(/^error {3}gen-0005\.jsonl: no expected dump .*gen-0005\.state\.json$/m);
    expect(out).toMatch(/^ok {6}gen-0006\.jsonl/m);
    expect(out).toMatch(/6 file\(s\): 3 ok, 1 differ, 2 error\(s\)/);
  });

  it('--shard K/N: the shards cover the corpus once, in the same lines', async () => {
    const seen: string[] = [];
    for (const k of [1, 2, 3]) {
      const r = await replay('--check', dir, '--shard', `${k}/3`, '--jobs', '0');
      expect(r.code).toBe(0);
      seen.push(
        ...r.stdout
          .split('\n')
          .filter((l) => l.startsWith('ok'))
          .map((l) => l.split(/\s+/)[1] as string),
      );
    }
    expect(seen.sort()).toEqual(corpus.map((s) => `${s.name}.jsonl`).sort());
    const bad = await replay('--check', dir, '--shard', '4/3');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--shard "4\/3": expected K\/N/);
  });

  it('exits 1 for a folder without sessions, with one line and no summary', async () => {
    const empty = mkdtempSync(join(tmp, 'empty-'));
    const r = await replay('--check', empty);
    expect(r.code).toBe(1);
    // It printed a summary of "0 file(s)" on stdout, then this.
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`replay: no session files (*.jsonl) in ${empty}\n`);
    const shard = await replay('--check', join(dir, 'gen-0001.jsonl'), '--shard', '2/3');
    expect(shard.code).toBe(1);
    expect(shard.stdout).toBe('');
    expect(shard.stderr).toMatch(/^replay: --shard 2\/3: no file for this shard \(1 session file/);
  });

  it('takes a dump named instead of its session: x.state.json checks x.jsonl', async () => {
    // It looked for x.state.json.state.json.
    const r = await replay('--check', join(dir, 'gen-0001.state.json'), '--jobs', '0');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok {6}.*gen-0001\.jsonl \(\d+ events/);
    expect(r.stdout).toMatch(/1 file\(s\): 1 ok/);
  });
});
