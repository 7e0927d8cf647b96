import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKEND_READ_OPTIONS, createI18n, LOCALES_LOAD_PATH } from '@src/i18n/i18n';
import { LANGUAGES } from '@src/i18n/languages';

/** A loopback server for /locales/{lng}/{ns}.json; `plan` decides each response by path. */
let server: Server;
let base = '';
const hits = new Map<string, number>();
let plan: (path: string, attempt: number) => number = () => 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    const attempt = (hits.get(path) ?? 0) + 1;
    hits.set(path, attempt);
    const status = plan(path, attempt);
    const m = /^\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(status === 200 && m ? JSON.stringify({ hello: `${m[1]}:${m[2]}` }) : '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  hits.clear();
  plan = () => 200;
  vi.useRealTimers();
});

const loadPath = () => `${base}${LOCALES_LOAD_PATH}`;
/** A generous ceiling for conditions awaited on a loaded machine. */
const WAIT = { timeout: 30_000, interval: 5 };

describe('translations over HTTP', () => {
  it('reads each namespace of the language from /locales/{lng}/{ns}.json', async () => {
    const i18n = await createI18n({ lng: 'ja-JP', loadPath: loadPath() });
    expect(i18n.t('hello')).toBe('ja-JP:user-assets');
    expect(i18n.t('hello', { ns: 'inverse-error-code' })).toBe('ja-JP:inverse-error-code');
    expect([...hits.keys()].sort()).toEqual([
      '/locales/en/inverse-error-code.json',
      '/locales/en/user-assets.json',
      '/locales/ja-JP/inverse-error-code.json',
      '/locales/ja-JP/user-assets.json',
    ]);
  });

  it('retries a 5xx and then succeeds', async () => {
    plan = (path, attempt) => (path.includes('/de-DE/user-assets') && attempt <= 2 ? 503 : 200);
    const i18n = await createI18n({ lng: 'de-DE', loadPath: loadPath(), retryTimeout: 1 });
    expect(hits.get('/locales/de-DE/user-assets.json')).toBe(3);
    expect(i18n.t('hello')).toBe('de-DE:user-assets');
  });

  it('gives up after 5 retries of a 5xx and falls back to English', async () => {
    plan = (path) => (path.includes('/ko-KR/') ? 500 : 200);
    const i18n = await createI18n({ lng: 'ko-KR', loadPath: loadPath(), retryTimeout: 1 });
    expect(hits.get('/locales/ko-KR/user-assets.json')).toBe(1 + BACKEND_READ_OPTIONS.maxRetries);
    expect(i18n.t('hello')).toBe('en:user-assets');
  });

  it('does not retry a 4xx', async () => {
    plan = (path) => (path.includes('/th-TH/') ? 404 : 200);
    await createI18n({ lng: 'th-TH', loadPath: loadPath(), retryTimeout: 1 });
    expect(hits.get('/locales/th-TH/user-assets.json')).toBe(1);
  });

  it('does not retry a request that got no response at all', async () => {
    const fetchDown = vi.fn((_url: string) => Promise.reject(new TypeError('fetch failed')));
    await createI18n({ lng: 'vi-VN', loadPath: loadPath(), fetch: fetchDown, retryTimeout: 1 });
    const viReads = fetchDown.mock.calls.filter(([u]) => u.includes('/vi-VN/user-assets'));
    expect(viReads).toHaveLength(1);
  });

  it('reads the English files for the pseudo-locale', async () => {
    const i18n = await createI18n({ lng: 'pseudo', loadPath: loadPath(), allowPseudo: true });
    expect(hits.has('/locales/pseudo/user-assets.json')).toBe(false);
    expect(i18n.t('hello')).toBe('[éñ:úśéŕ-áśśéţś]');
  });
});

describe('retry schedule and concurrency (i18next options)', () => {
  it('waits 350, 700, 1400, 2800, 5600 ms between the six attempts of a failing read', async () => {
    // The fake clock dates each attempt (no spy on the global setTimeout: a spy over a fake clock,
    // restored after the clock was, put a dead fake back and hung later tests of the worker).
    vi.useFakeTimers();
    const attempts: { url: string; at: number }[] = [];
    const always500 = (url: string) => {
      attempts.push({ url, at: Date.now() });
      return Promise.resolve(new Response('{}', { status: 500 }));
    };
    const ready = createI18n({ lng: 'en', loadPath: loadPath(), fetch: always500 });
    let done = false;
    void ready.then(() => (done = true));
    for (let ms = 0; ms < 20_000 && !done; ms += 50) await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(true);
    // Both namespaces fail the same way: six attempts each, the waits doubling, no seventh.
    for (const ns of ['user-assets', 'inverse-error-code']) {
      const at = attempts.filter((a) => a.url.endsWith(`/en/${ns}.json`)).map((a) => a.at);
      expect(at).toHaveLength(6);
      expect(at.slice(1).map((t, i) => t - at[i]!)).toEqual([350, 700, 1400, 2800, 5600]);
    }
  });

  it('never has more than 10 reads in flight', async () => {
    const respond = (url: string) => new Response(JSON.stringify({ url }), { status: 200 });
    /** The reads started while `held`, each answered only when the test says so. */
    const started: { url: string; answer: () => void }[] = [];
    let held = false;
    let inFlight = 0;
    let peak = 0;
    const byHand = (url: string) => {
      if (!held) return Promise.resolve(respond(url));
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      return new Promise<Response>((resolve) => {
        let answered = false;
        started.push({
          url,
          answer: () => {
            if (answered) return;
            answered = true;
            inFlight -= 1;
            resolve(respond(url));
          },
        });
      });
    };
    const i18n = await createI18n({ lng: 'en', loadPath: loadPath(), fetch: byHand });
    held = true;
    let done = false;
    const loading = i18n.loadLanguages([...LANGUAGES]).then(() => (done = true));

    // 14 other languages, 2 namespaces each: 28 reads wanted, 10 started.
    await vi.waitFor(() => expect(started.length).toBeGreaterThanOrEqual(10), WAIT);
    expect(started).toHaveLength(10);
    // One answered: exactly one waiting read takes its place.
    started[0]!.answer();
    await vi.waitFor(() => expect(started.length).toBeGreaterThanOrEqual(11), WAIT);
    expect(started).toHaveLength(11);
    expect(inFlight).toBe(10);

    // Answer everything as it comes; the limit holds to the end.
    await vi.waitFor(() => {
      for (const read of [...started]) read.answer();
      expect(done).toBe(true);
    }, WAIT);
    await loading;
    expect(started).toHaveLength(28);
    expect(peak).toBe(10);
  });
});
