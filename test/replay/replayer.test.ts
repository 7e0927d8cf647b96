import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDump } from '@src/state/dump';
import { Replayer, replayEvents } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';

const SESSIONS = ['follower_example', 'seq_gap_reseed', 'race_snapshot', 'reconnect_session'];

describe('Replayer (the replay as a feed)', () => {
  for (const name of SESSIONS) {
    it(`${name}: feeding events one by one gives, at every position, the replay of that prefix`, () => {
      const { events } = parseSession(
        readFileSync(join(__dirname, '../sessions', `${name}.jsonl`), 'utf8'),
      );
      const r = new Replayer();
      // Every position of the short sessions, about 40 spread over the long ones.
      const step = Math.max(1, Math.floor(events.length / 40));
      events.forEach((ev, i) => {
        r.feed(ev, i);
        expect(r.count).toBe(i + 1);
        if (i % step === 0 || i === events.length - 1) {
          const whole = replayEvents(events.slice(0, i + 1));
          expect(r.current).toEqual(whole.state);
          expect(toDump(r.current, r.result().stats)).toEqual(toDump(whole.state, whole.stats));
        }
      });
    });
  }
});
