/** The live pipeline following the session, against mock-socket exchanges (fake timers). */
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '@machines/connection-environment';
import type { UnauthorizedEvent } from '@machines/connection.types';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { copyProfileAtom, instrumentsAtom, SIGNED_OUT, userAtom } from '@src/state/client';
import { ready } from '@src/state/loadable';
import { phaseOf } from '@src/pipeline/connection-status';
import {
  liveConnectionsAtom,
  startLive,
  wantedSymbols,
  type LiveOptions,
} from '@src/pipeline/live';
import { initialStreamState, applyItems } from '@src/state/model';
import type { PrivateTopic, RestEnvelope } from '@src/wire/protocol';
import { advance, FakeExchange, MockWebSocketImpl } from '../machines/harness';
import { leaderWallet, order, position, privateText, T0 } from '../state/fixtures';
import { envelope, manualScheduler } from './harness';

const BASE = ['copytrade.account', 'copytrade.order', 'copytrade.position', 'risk', 'wallet'];

function setup(over: Partial<LiveOptions> = {}) {
  const store = createStore();
  const atoms = createStreamAtoms();
  const pubEx = new FakeExchange('public');
  const privEx = new FakeExchange('private');
  const sched = manualScheduler();
  const requests: { topic: PrivateTopic; resolve: (e: RestEnvelope<unknown>) => void }[] = [];
  const unauthorized: UnauthorizedEvent[] = [];
  const live = startLive({
    store,
    atoms,
    fetchSnapshot: (topic) => new Promise((resolve) => requests.push({ topic, resolve })),
    oneTimeToken: () => Promise.resolve({ token: 'ott' }),
    host: { publicWsUrl: pubEx.url, privateWsUrl: privEx.url },
    connection: { WebSocketImpl: MockWebSocketImpl, env: manualEnvironment(), random: () => 0.5 },
    scheduler: sched.scheduler,
    onUnauthorized: (e) => unauthorized.push(e),
    checkSession: () => Promise.resolve({ userId: 1001 }),
    ...over,
  });
  const conns = () => store.get(liveConnectionsAtom);
  const wanted = (s: 'public' | 'private') => conns()[s]?.getSnapshot().context.wanted ?? null;
  const answerAll = () => {
    for (const r of requests.splice(0)) {
      const list = ['wallet', 'copytrade.order', 'copytrade.position'].includes(r.topic);
      r.resolve(envelope(list ? { list: [] } : null));
    }
  };
  return {
    store,
    atoms,
    live,
    pubEx,
    privEx,
    sched,
    requests,
    unauthorized,
    conns,
    wanted,
    answerAll,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live pipeline follows the session', () => {
  it('starts at sign-in: both streams go live, private topics are seeded, tickers flow', async () => {
    const h = setup();
    expect(h.conns()).toEqual({ public: null, private: null });
    await advance(100);
    expect(h.pubEx.sockets).toHaveLength(0);

    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    const { public: pub, private: priv } = h.conns();
    expect(phaseOf(pub!.getSnapshot())).toBe('live');
    expect(phaseOf(priv!.getSnapshot())).toBe('live');
    expect(h.requests.map((r) => r.topic).sort()).toEqual(BASE);
    // Nothing held yet: no tickers (wallet coins are valued through the exchange rates).
    expect(h.wanted('public')).toEqual([]);
    h.live.watchSymbols(['BTCUSDT']);
    expect(h.wanted('public')).toEqual(['tickers.BTCUSDT']);
    await advance(10);
    h.answerAll();
    h.pubEx.push(h.pubEx.tickerFrame('BTCUSDT'));
    await advance(10);
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('BTCUSDT'))?.lastPrice).toBe('64123.5');
    expect(h.store.get(h.atoms.topicStatusAtom('wallet')).status).toBe('ready');
    expect(h.store.get(h.atoms.topicStatusAtom('public')).status).toBe('ready');
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('adds the leader topics when the copy profile says leader', async () => {
    const h = setup();
    h.store.set(userAtom, { userId: 2001 });
    await advance(100);
    expect(h.wanted('private')).toEqual(BASE);
    h.store.set(copyProfileAtom, ready({ isLeader: true, subMemberIdList: [], userId: 2001 }));
    await advance(100);
    expect(h.wanted('private')).toEqual([
      ...BASE.slice(0, 1),
      'copytrade.leaderIncome',
      'copytrade.leaderWallet',
      ...BASE.slice(1),
    ]);
    expect(h.requests.map((r) => r.topic)).toEqual(
      expect.arrayContaining(['copytrade.leaderWallet', 'copytrade.leaderIncome']),
    );
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('subscribes the tickers of held positions and orders, and of watched symbols', async () => {
    const h = setup();
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    h.answerAll();
    await advance(10); // seeded (at time_now = T0 + 10 ms)
    h.privEx.push(privateText('copytrade.position', 1, [position('SOLUSDT', 0, 2001, 50)]));
    h.privEx.push(privateText('copytrade.order', 1, [order('o1', 50, { symbol: 'ADAUSDT' })]));
    await advance(10);
    h.sched.tick();
    await advance(50);
    expect(h.wanted('public')).toEqual(['tickers.ADAUSDT', 'tickers.SOLUSDT']);
    const unwatch = h.live.watchSymbols(['DOGEUSDT', 'DOGEUSDT']);
    const unwatch2 = h.live.watchSymbols(['DOGEUSDT']);
    expect(h.wanted('public')).toContain('tickers.DOGEUSDT');
    unwatch();
    unwatch();
    expect(h.wanted('public')).toContain('tickers.DOGEUSDT');
    h.pubEx.push(h.pubEx.tickerFrame('DOGEUSDT'));
    await advance(10);
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('DOGEUSDT'))).toBeDefined();
    unwatch2();
    expect(h.wanted('public')).not.toContain('tickers.DOGEUSDT');
    h.sched.tick();
    expect(h.store.get(h.atoms.quoteAtom('DOGEUSDT'))).toBeUndefined(); // no stale quote left
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('stops and clears everything at sign-out, and starts afresh for the next user', async () => {
    const h = setup();
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    h.answerAll();
    await advance(10);
    h.privEx.push(privateText('copytrade.order', 1, [order('secret', 50)]));
    await advance(10);
    h.sched.tick();
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual(['secret']);
    const first = h.conns().private!;

    h.store.set(userAtom, SIGNED_OUT);
    expect(h.conns()).toEqual({ public: null, private: null });
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual([]);
    expect(h.store.get(h.atoms.topicStatusAtom('copytrade.order')).status).toBe('idle');
    expect(first.getSnapshot().status).toBe('stopped');
    await advance(100);
    expect(h.privEx.sockets.every((s) => s.readyState !== 1)).toBe(true);

    h.store.set(userAtom, { userId: 3001 });
    await advance(100);
    expect(h.conns().private).not.toBe(first);
    expect(phaseOf(h.conns().private!.getSnapshot())).toBe('live');
    expect(h.store.get(h.atoms.orderKeysAtom)).toEqual([]);
    h.live.dispose();
    expect(h.conns().private).toBeNull();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('no longer a leader: the leader topics are dropped and their data cleared', async () => {
    const h = setup();
    h.store.set(copyProfileAtom, ready({ isLeader: true, subMemberIdList: [], userId: 2001 }));
    h.store.set(userAtom, { userId: 2001 });
    await advance(100);
    h.answerAll();
    for (const r of h.requests.splice(0)) r.resolve(envelope(null));
    await advance(10);
    h.privEx.push(privateText('copytrade.leaderWallet', 1, [leaderWallet(5)]));
    await advance(10);
    h.sched.tick();
    expect(h.store.get(h.atoms.leaderWalletAtom)).not.toBeNull();
    expect(h.store.get(h.atoms.topicStatusAtom('copytrade.leaderWallet')).status).toBe('ready');

    h.store.set(copyProfileAtom, ready({ isLeader: false, subMemberIdList: [], userId: 2001 }));
    await advance(10);
    h.sched.tick();
    expect(h.wanted('private')).toEqual(BASE);
    expect(h.store.get(h.atoms.leaderWalletAtom)).toBeNull();
    expect(h.store.get(h.atoms.topicStatusAtom('copytrade.leaderWallet'))).toEqual({
      status: 'idle',
      hasData: false,
    });
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('never asks for a ticker that is not an instrument once the instruments are known', async () => {
    const h = setup();
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    h.live.watchSymbols(['BTCUSDT', 'NOPEUSDT']);
    expect(h.wanted('public')).toEqual(['tickers.BTCUSDT', 'tickers.NOPEUSDT']);
    const btc = {
      symbol: 'BTCUSDT',
      baseCoin: 'BTC',
      quoteCoin: 'USDT',
      tickSize: '0.1',
      qtyStep: '0.001',
    };
    h.store.set(instrumentsAtom, ready(new Map([['BTCUSDT', btc]])));
    expect(h.wanted('public')).toEqual(['tickers.BTCUSDT']);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });
});

describe('a private stream that refuses our session', () => {
  const tokens = () => {
    let n = 0;
    return vi.fn(() => Promise.resolve({ token: `ott-${++n}` }));
  };
  const authTokens = (h: ReturnType<typeof setup>) =>
    h.privEx.ops
      .flat()
      .filter((o) => o.op === 'auth')
      .map((o) => o.args?.[0]);

  it('is retried with a fresh token while the REST session is valid', async () => {
    const oneTimeToken = tokens();
    const checkSession = vi.fn(() => Promise.resolve({ userId: 1001 }));
    const h = setup({ oneTimeToken, checkSession });
    h.privEx.auth = 'reject';
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    expect(checkSession).toHaveBeenCalledTimes(1);
    h.privEx.auth = 'accept';
    await advance(1_000); // backoff before the retry
    expect(phaseOf(h.conns().private!.getSnapshot())).toBe('live');
    expect(authTokens(h)).toEqual(['ott-1', 'ott-2']);
    expect(h.unauthorized).toEqual([]);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('signs out after three refused retries in a row', async () => {
    const h = setup({ oneTimeToken: tokens() });
    h.privEx.auth = 'close-4401';
    h.store.set(userAtom, { userId: 1001 });
    await advance(10_000);
    expect(authTokens(h)).toHaveLength(4); // the first try and three retries
    expect(h.unauthorized).toEqual([
      expect.objectContaining({ type: 'unauthorized', stream: 'private', code: 'auth-rejected' }),
    ]);
    await advance(60_000);
    expect(authTokens(h)).toHaveLength(4);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('signs out at once when the REST session is gone too', async () => {
    const checkSession = vi.fn(() =>
      Promise.reject(Object.assign(new Error('x'), { code: 10007 })),
    );
    const h = setup({ checkSession });
    h.privEx.auth = 'reject';
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    expect(h.unauthorized).toHaveLength(1);
    await advance(10_000);
    expect(authTokens(h)).toHaveLength(1);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('signs out at once when the token request says no permission', async () => {
    const checkSession = vi.fn(() => Promise.resolve({}));
    const h = setup({
      checkSession,
      oneTimeToken: () => Promise.reject(Object.assign(new Error('x'), { code: 33003 })),
    });
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    expect(h.unauthorized).toEqual([expect.objectContaining({ code: 'token-rejected' })]);
    expect(checkSession).not.toHaveBeenCalled();
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('a session check that cannot reach the server retries too (bounded)', async () => {
    const checkSession = vi.fn(() =>
      Promise.reject(Object.assign(new Error('down'), { code: 9000005 })),
    );
    const h = setup({ checkSession, oneTimeToken: tokens() });
    h.privEx.auth = 'reject';
    h.store.set(userAtom, { userId: 1001 });
    await advance(10_000);
    expect(checkSession).toHaveBeenCalledTimes(3);
    expect(h.unauthorized).toHaveLength(1);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });

  it('a retry pending at sign-out is called off', async () => {
    const h = setup({ oneTimeToken: tokens() });
    h.privEx.auth = 'reject';
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    h.store.set(userAtom, SIGNED_OUT);
    await advance(10_000);
    expect(authTokens(h)).toHaveLength(1);
    expect(h.unauthorized).toEqual([]);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });
});

describe('wantedSymbols', () => {
  it('takes position and order symbols and watched ones (not wallet coins); drops junk', () => {
    let s = initialStreamState();
    s = applyItems(s, 'copytrade.position', [position('SOLUSDT', 0, 1, 1)]);
    s = applyItems(s, 'copytrade.order', [order('o', 1, { symbol: 'ADAUSDT' })]);
    s = applyItems(s, 'wallet', [
      { coin: '__proto__', updatedAtE3: String(T0), walletVersion: 1 },
      { coin: 'DOT', updatedAtE3: String(T0), walletVersion: 1 },
    ]);
    expect(wantedSymbols(s, ['LINKUSDT', 'bad symbol'])).toEqual([
      'ADAUSDT',
      'LINKUSDT',
      'SOLUSDT',
    ]);
    // Once the instruments are known, only instruments.
    const inst = (symbol: string) =>
      [
        symbol,
        {
          symbol,
          baseCoin: symbol.slice(0, -4),
          quoteCoin: 'USDT',
          tickSize: '0.01',
          qtyStep: '1',
        },
      ] as const;
    expect(wantedSymbols(s, ['LINKUSDT'], new Map([inst('SOLUSDT'), inst('LINKUSDT')]))).toEqual([
      'LINKUSDT',
      'SOLUSDT',
    ]);
  });
});
