import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@src/lib/canonical-json';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';

// Our sessions (with copies of ../shared/sessions, so a clone elsewhere is self-contained), plus
// ../shared/sessions itself when it sits next to the checkout.
const DIRS = [join(__dirname, '../sessions'), join(__dirname, '../../../shared/sessions')];

const sessions = DIRS.filter((d) => existsSync(d)).flatMap((dir) =>
  readdirSync(dir)
    .filter(
      (f) => f.endsWith('.jsonl') && existsSync(join(dir, f.replace(/\.jsonl$/, '.state.json'))),
    )
    .map((f) => ({ dir, name: f.replace(/\.jsonl$/, ''), shared: dir !== DIRS[0] })),
);

describe('golden sessions', () => {
  it('finds the shared example sessions', () => {
    expect(sessions.map((s) => s.name)).toEqual(
      expect.arrayContaining(['follower_example', 'positions_example']),
    );
  });

  for (const { dir, name, shared } of sessions) {
    it(`${shared ? 'shared/' : ''}${name} replays to its expected dump, byte for byte`, () => {
      const text = readFileSync(join(dir, `${name}.jsonl`), 'utf8');
      const expected = readFileSync(join(dir, `${name}.state.json`), 'utf8');
      const dump = replayToDump(parseSession(text).events);
      // Entities are exact; the stats counts are indicative in shared sessions but ours match too.
      expect(JSON.parse(canonicalJson(dump))).toEqual(JSON.parse(expected));
      expect(canonicalJson(dump)).toBe(expected.replace(/\n$/, ''));
    });
  }
});
