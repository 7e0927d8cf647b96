import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivateTopic, RestEnvelope } from '@src/wire/protocol';
import { Seeder, type SeedFailure, type SeedResult } from '@src/pipeline/seeder';
import { order, risk } from '../state/fixtures';
import { envelope, settle, type Pending } from './harness';

function make(over: Partial<ConstructorParameters<typeof Seeder>[0]> = {}) {
  const requests: Pending[] = [];
  const seeded: SeedResult[] = [];
  const failed: SeedFailure[] = [];
  const requested: PrivateTopic[] = [];
  const seeder = new Seeder({
    fetchSnapshot: (topic) =>
      new Promise<RestEnvelope<unknown>>((resolve, reject) =>
        requests.push({ topic, resolve, reject }),
      ),
    hooks: {
      requested: (t) => requested.push(t),
      seeded: (r) => seeded.push(r),
      failed: (f) => failed.push(f),
    },
    now: () => 0,
    random: () => 1,
    ...over,
  });
  return { seeder, requests, seeded, failed, requested };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Seeder', () => {
  it('queues exactly the deltas that arrive while its request is in flight', async () => {
    const s = make();
    const before = [order('before', 1)];
    s.seeder.noteDelta('copytrade.order', before); // nothing in flight: not queued
    s.seeder.seed('copytrade.order');
    expect(s.seeder.inFlight('copytrade.order')).toBe(true);
    const d1 = [order('d1', 2)];
    const d2 = [order('d2', 3)];
    s.seeder.noteDelta('copytrade.order', d1);
    s.seeder.noteDelta('risk', [risk(1)]); // another topic: not this queue
    s.seeder.noteDelta('copytrade.order', d2);
    s.requests.shift()?.resolve(envelope({ list: [] }, '1732150000.5'));
    await settle();
    expect(s.seeded).toEqual([
      {
        topic: 'copytrade.order',
        items: [],
        atMicros: '1732150000500000',
        queued: [
          { kind: 'delta', items: d1 },
          { kind: 'delta', items: d2 },
        ],
      },
    ]);
    expect(s.seeder.inFlight('copytrade.order')).toBe(false);
    s.seeder.noteDelta('copytrade.order', [order('after', 4)]);
    s.seeder.seed('copytrade.order');
    s.requests.shift()?.resolve(envelope({ list: [] }));
    await settle();
    expect(s.seeded[1]?.queued).toEqual([]);
  });

  it('a follow-up request has its own queue window', async () => {
    const s = make();
    s.seeder.seed('risk');
    s.seeder.noteDelta('risk', [risk(1)]);
    s.seeder.seed('risk'); // coalesced
    expect(s.requests).toHaveLength(1);
    s.requests.shift()?.resolve(envelope(risk(0)));
    await settle();
    expect(s.requested).toEqual(['risk', 'risk']);
    s.seeder.noteDelta('risk', [risk(2)]);
    s.requests.shift()?.resolve(envelope(risk(3)));
    await settle();
    expect(s.seeded.map((r) => r.queued)).toEqual([
      [{ kind: 'delta', items: [risk(1)] }],
      [{ kind: 'delta', items: [risk(2)] }],
    ]);
  });

  it('stop ignores answers in flight and cancels retries', async () => {
    const s = make();
    s.seeder.seed('risk');
    s.seeder.seed('wallet');
    s.requests.find((r) => r.topic === 'wallet')?.reject(new Error('down'));
    await settle();
    expect(s.failed).toHaveLength(1);
    s.seeder.stop();
    s.requests.find((r) => r.topic === 'risk')?.resolve(envelope(risk(1)));
    await settle();
    vi.advanceTimersByTime(60_000);
    expect(s.seeded).toHaveLength(0);
    expect(s.requested).toEqual(['risk', 'wallet']);
  });

  it('backs off exponentially up to the cap, and starts over after a success', async () => {
    const s = make({ baseDelayMs: 100, maxDelayMs: 400 });
    s.seeder.seed('risk');
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      s.requests.shift()?.reject(new Error('x'));
      await settle();
      delays.push(s.failed[s.failed.length - 1]?.retryAt ?? -1);
      vi.advanceTimersByTime(400);
    }
    expect(delays).toEqual([100, 200, 400, 400, 400]);
    s.requests.shift()?.resolve(envelope(risk(1)));
    await settle();
    s.seeder.seed('risk');
    s.requests.shift()?.reject(new Error('x'));
    await settle();
    expect(s.failed[s.failed.length - 1]?.retryAt).toBe(100);
  });

  it('a re-seed asked for during a backoff wait goes out at once', async () => {
    const s = make({ baseDelayMs: 10_000 });
    s.seeder.seed('risk');
    s.requests.shift()?.reject(new Error('x'));
    await settle();
    s.seeder.seed('risk');
    expect(s.requests).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(s.requests).toHaveLength(1); // the cancelled retry does not fire a second request
  });
});
