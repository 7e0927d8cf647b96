/**
 * The recorded session of a deposit and transfers (test/sessions/assets_session.jsonl): recorded
 * again from the simulator with the same seed and plan, it is the committed file byte for byte;
 * replayed headless through the app's decoders and reducers it gives the simulator's truth at the
 * end of the recording (the derivatives wallets the deposits reached by transfer included).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@src/lib/canonical-json';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';
import {
  ASSETS_SESSION,
  recordAssetsSession,
  type RecordedSession,
} from '../../sessions/assets-simulated';

const DIR = join(__dirname, '../../sessions');

describe('the assets session', () => {
  let run: RecordedSession;
  beforeAll(async () => {
    run = await recordAssetsSession();
  });

  it('replays headless to the simulator truth, wallets moved by deposit and transfers', () => {
    const dump = replayToDump(parseSession(run.text).events);
    expect(dump.wallets).toEqual(run.truth.wallets);
    expect(dump.risk).toEqual(run.truth.risk);
    expect(dump.copytrade).toEqual(run.truth.copytrade);
    expect(JSON.parse(canonicalJson(dump))).toEqual(JSON.parse(canonicalJson(run.expected)));
    // 500 USDT deposited, 300 moved into derivatives, 50.5 out to spot; 0.2 ETH deposited and in.
    expect(dump.wallets.USDT).toMatchObject({ walletBalanceE8: '24950000000' });
    expect(dump.wallets.ETH).toMatchObject({ walletBalanceE8: '20000000' });
    expect(dump.wallets.USDT?.walletVersion).toBeGreaterThan(1);
  });

  it('is the committed session file and expected dump, byte for byte', () => {
    expect(run.text).toBe(readFileSync(join(DIR, `${ASSETS_SESSION}.jsonl`), 'utf8'));
    expect(canonicalJson(run.expected)).toBe(
      readFileSync(join(DIR, `${ASSETS_SESSION}.state.json`), 'utf8'),
    );
  });
});
