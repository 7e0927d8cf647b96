import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpClient } from '@src/api/http';
import { replayToDump } from '@src/pipeline/replay';
import { parseSession } from '@src/wire/session-file';
import { isRecordedRest } from '@src/api/tap';
import { redactClientFrame, redactRestBody, SessionRecorder } from '@src/pipeline/session-recorder';
import { createTapSlot } from '@src/wire/tap';
import { advance, rig } from '../machines/harness';

const T0 = 1_732_150_000_000;

function clock(start = T0) {
  const c = { t: start, now: () => c.t };
  return c;
}

const wallet = (seq: number, version: number, balance: string) =>
  JSON.stringify({
    id: `w${seq}`,
    topic: 'wallet',
    type: 'delta',
    seq,
    creationTime: T0,
    data: [
      {
        coin: 'BTC',
        walletBalanceE8: balance,
        updatedAtE3: String(T0 + seq),
        walletVersion: version,
      },
    ],
  });

// The slot the app hands its HTTP client and connections (src/main.tsx makes one).
const slot = createTapSlot();
afterEach(() => slot.set(null));

describe('redaction', () => {
  it('replaces the auth token, keeps every other field and other ops as they were', () => {
    const auth = '{"req_id":"1","op":"auth","args":["s3cr3t-token"]}';
    expect(redactClientFrame('private', auth)).toBe(
      '{"req_id":"1","op":"auth","args":["<token>"]}',
    );
    const sub = '{"req_id":"2",  "op":"subscribe","args":["wallet"]}';
    expect(redactClientFrame('private', sub)).toBe(sub);
    // Even on the public stream an auth op never keeps its token.
    expect(redactClientFrame('public', auth)).not.toContain('s3cr3t');
  });

  it('masks long opaque runs in a private client frame that is not JSON', () => {
    const text = '{"op":"auth","args":["AbCdEfGhIjKlMnOpQrStUvWxYz012345"]';
    expect(redactClientFrame('private', text)).toBe('{"op":"auth","args":["<redacted>"]');
  });

  it('replaces the one-time token of the token answer and any secret-named field', () => {
    const ott = JSON.stringify({
      ret_code: 0,
      ret_msg: 'OK',
      result: { token: 'abc123', expiresAtE3: '1732150060000' },
      time_now: '1732150000.000000',
    });
    const out = JSON.parse(redactRestBody('/user/private/ott', ott)) as {
      result: { token: string; expiresAtE3: string };
    };
    expect(out.result).toEqual({ token: '<token>', expiresAtE3: '1732150060000' });
    const nested = '{"result":{"list":[{"coin":"BTC","password":"hunter2","Cookie":"a=b"}]}}';
    expect(redactRestBody('/v3/private/asset/wallets', nested)).toBe(
      '{"result":{"list":[{"coin":"BTC","password":"<redacted>","Cookie":"<redacted>"}]}}',
    );
  });

  it('keeps a body without secrets byte for byte (raw text, spacing included)', () => {
    const body = '{"ret_code": 0,  "result": {"list": []}}';
    expect(redactRestBody('/v3/private/asset/wallets', body)).toBe(body);
    expect(redactRestBody('/v3/private/asset/wallets', '<html>oops')).toBe('<html>oops');
  });

  it('records snapshot GETs and the token POST only', () => {
    expect(isRecordedRest('GET', '/v3/private/asset/wallets')).toBe(true);
    expect(isRecordedRest('get', '/v3/private/copytrade/orders?limit=5')).toBe(true);
    expect(isRecordedRest('POST', '/user/private/ott')).toBe(true);
    expect(isRecordedRest('POST', '/login')).toBe(false);
    expect(isRecordedRest('GET', '/v2/private/user/profile')).toBe(false);
    expect(isRecordedRest('POST', '/v3/private/asset/wallets')).toBe(false);
  });
});

describe('SessionRecorder', () => {
  it('writes a header and timed events that the replay reads back', () => {
    const c = clock();
    const rec = new SessionRecorder({ userId: 1001, now: c.now });
    rec.open('private');
    rec.send('private', '{"req_id":"1","op":"auth","args":["tok"]}');
    c.t += 3;
    rec.recv('private', '{"success":true,"ret_msg":"","op":"auth","conn_id":"c","req_id":"1"}');
    rec.recv('private', wallet(1, 1, '100'));
    c.t += 5;
    rec.rest({
      sentAt: T0 + 4,
      method: 'GET',
      path: '/v3/private/asset/wallets',
      status: 200,
      body: JSON.stringify({
        ret_code: 0,
        ret_msg: 'OK',
        result: { list: [] },
        ext_code: '',
        ext_info: null,
        time_now: '1732150000.000000',
      }),
    });
    c.t += 2;
    rec.recv('private', new TextEncoder().encode(wallet(2, 2, '250')));
    rec.close('private', 1000, 'bye');
    rec.stop();

    const text = rec.text();
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('"tok"');
    const { header, events } = parseSession(text);
    expect(header).toEqual({
      kind: 'header',
      version: 1,
      recordedAt: new Date(T0).toISOString(),
      userId: 1001,
    });
    expect(events.map((e) => [e.kind, e.t])).toEqual([
      ['open', 0],
      ['send', 0],
      ['recv', 3],
      ['recv', 3],
      ['rest', 8],
      ['recv', 10],
      ['close', 10],
    ]);
    expect(events[4]).toMatchObject({ kind: 'rest', sent: 4, method: 'GET', status: 200 });
    expect(rec.eventCount).toBe(7);
    expect(rec.size).toBe(text.length);
    const dump = replayToDump(events);
    expect(dump.wallets.BTC?.walletBalanceE8).toBe('250');
    expect(dump.stats).toEqual({ framesApplied: 2, framesRejected: 0, resyncs: 0 });
  });

  it('never lets time go backwards, and clamps a request sent before the start to 0', () => {
    const c = clock();
    const rec = new SessionRecorder({ userId: 1, now: c.now });
    c.t += 10;
    rec.open('public');
    c.t -= 7; // the wall clock stepped back
    rec.recv('public', '{}');
    rec.rest({
      sentAt: T0 - 50,
      method: 'GET',
      path: '/v3/private/account/risk',
      status: 500,
      body: '',
    });
    const { events } = parseSession(rec.text());
    expect(events.map((e) => e.t)).toEqual([10, 10, 10]);
    expect(events[2]).toMatchObject({ sent: 0, status: 500, body: '' });
  });

  it('ignores REST exchanges a session does not hold, and binary it cannot read', () => {
    const rec = new SessionRecorder({ userId: 1, now: clock().now });
    rec.rest({ sentAt: T0, method: 'POST', path: '/login', status: 200, body: '{"password":"x"}' });
    rec.recv('public', new Blob(['x']));
    expect(rec.eventCount).toBe(0);
  });

  it('stops by itself at the size limit, keeping a valid file, and says why once', () => {
    const onStop = vi.fn();
    const rec = new SessionRecorder({ userId: 7, now: clock().now, maxChars: 600, onStop });
    let i = 0;
    while (rec.recording && i < 100) rec.recv('private', wallet(++i, i, String(i)));
    expect(rec.recording).toBe(false);
    expect(rec.stopReason).toBe('limit');
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(onStop).toHaveBeenCalledWith('limit');
    expect(rec.size).toBeLessThanOrEqual(600);
    const { events } = parseSession(rec.text());
    expect(events).toHaveLength(rec.eventCount);
    expect(rec.eventCount).toBe(i - 1); // the line that would cross the limit is not written
    rec.recv('private', wallet(999, 999, '1'));
    rec.stop();
    expect(rec.eventCount).toBe(i - 1);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('streams lines to onLine instead of keeping them', () => {
    const lines: string[] = [];
    const rec = new SessionRecorder({ userId: 3, now: clock().now, onLine: (l) => lines.push(l) });
    rec.open('public');
    expect(lines).toHaveLength(2);
    expect(() => rec.text()).toThrow(/onLine/);
  });

  it('measures elapsed time until stopped', () => {
    const c = clock();
    const rec = new SessionRecorder({ userId: 3, now: c.now });
    c.t += 1500;
    expect(rec.elapsedMs).toBe(1500);
    rec.stop();
    c.t += 1000;
    expect(rec.elapsedMs).toBe(1500);
  });
});

describe('the HTTP tap', () => {
  const envelope = (result: unknown) =>
    JSON.stringify({
      ret_code: 0,
      ret_msg: 'OK',
      result,
      ext_code: '',
      ext_info: null,
      time_now: '1732150000.000000',
    });

  it('records raw snapshot bodies with send and arrival times, and the token answer redacted', async () => {
    const c = clock();
    const bodies: Record<string, string> = {
      '/api/v3/private/asset/wallets': `${envelope({ list: [] })}  `,
      '/api/user/private/ott': envelope({ token: 'TOP-SECRET', expiresAtE3: '1' }),
      '/api/v2/private/user/profile': envelope({ userId: 1 }),
    };
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname;
      c.t += 20; // the answer takes 20 ms
      return new Response(bodies[path] ?? 'nope', { status: bodies[path] ? 200 : 503 });
    });
    const client = new HttpClient({
      baseUrl: 'http://x.test/api',
      fetch: fetch as typeof globalThis.fetch,
      tap: slot.get,
    });
    const rec = new SessionRecorder({ userId: 1001, now: c.now });
    slot.set(rec);
    c.t += 5;
    const env = await client.get('/v3/private/asset/wallets', undefined, { envelope: true });
    expect(env).toMatchObject({ ret_code: 0 }); // the caller still reads the body
    await client.post('/user/private/ott');
    await client.get('/v2/private/user/profile');
    await expect(client.get('/v3/private/account/risk')).rejects.toThrow();
    slot.set(null);
    await client.get('/v3/private/asset/wallets');

    const { events } = parseSession(rec.text());
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'rest',
        sent: 5,
        t: 25,
        path: '/v3/private/asset/wallets',
        body: bodies['/api/v3/private/asset/wallets'],
      }),
      expect.objectContaining({
        kind: 'rest',
        method: 'POST',
        path: '/user/private/ott',
        status: 200,
      }),
      expect.objectContaining({
        kind: 'rest',
        path: '/v3/private/account/risk',
        status: 503,
        body: 'nope',
      }),
    ]);
    expect(rec.text()).not.toContain('TOP-SECRET');
  });
});

describe('the transport tap', () => {
  it('records the close of a socket the client gives up on (a stall), then the new one', async () => {
    vi.useFakeTimers();
    try {
      const c = clock();
      const rec = new SessionRecorder({ userId: 1001, now: c.now });
      const r = rig('private', { tap: slot.get, random: () => 0 });
      slot.set(rec);
      await advance(100);
      r.exchange.answerPings = false;
      // no pong within 10 s of a ping: the machine replaces the socket and reconnects
      await advance(30_100);
      r.exchange.answerPings = true;
      await advance(100);
      expect(r.exchange.sockets).toHaveLength(2);
      slot.set(null);
      r.stop();
      const kinds = parseSession(rec.text()).events.map((e) =>
        e.kind === 'close' ? `close ${e.code} ${e.reason}` : e.kind,
      );
      const closes = kinds.filter((k) => k.startsWith('close'));
      expect(closes).toEqual(['close 1000 replaced']);
      // the close comes between the two opens, as it did on the wire
      expect(kinds.indexOf('close 1000 replaced')).toBeLessThan(kinds.lastIndexOf('open'));
      expect(kinds.filter((k) => k === 'open')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('records what the real connection machine sent and received, token redacted', async () => {
    vi.useFakeTimers();
    try {
      const c = clock();
      const rec = new SessionRecorder({ userId: 1001, now: c.now });
      const r = rig('private', { tap: slot.get });
      slot.set(rec);
      await advance(100);
      expect(r.phase()).toBe('live');
      r.exchange.push(r.exchange.walletFrame(1));
      await advance(10);
      r.exchange.last.close({ code: 4000, reason: 'test', wasClean: true });
      await advance(10);
      slot.set(null);
      r.stop();
      const { events } = parseSession(rec.text());
      const brief = events.map((e) =>
        e.kind === 'send' || e.kind === 'recv'
          ? `${e.kind} ${(JSON.parse(e.frame) as { op?: string; topic?: string }).op ?? (JSON.parse(e.frame) as { topic: string }).topic}`
          : e.kind === 'close'
            ? `close ${e.code}`
            : e.kind,
      );
      expect(brief).toEqual([
        'open',
        'send auth',
        'recv auth',
        'send subscribe',
        'recv subscribe',
        // the first ping goes out as soon as the connection is live
        'send ping',
        'recv pong',
        'recv wallet',
        'close 4000',
      ]);
      expect(rec.text()).not.toContain('ott-1');
      expect(rec.text()).toContain('\\"args\\":[\\"<token>\\"]');
    } finally {
      vi.useRealTimers();
    }
  });
});
