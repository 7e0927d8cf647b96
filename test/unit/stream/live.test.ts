/** The live pipeline following the session, against mock-socket exchanges (fake timers). */
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualEnvironment } from '../../../machines/connection-environment';
import type { UnauthorizedEvent } from '../../../machines/connection.types';
import { createStreamAtoms } from '../../../src/state/atoms/stream';
import { copyProfileAtom, SIGNED_OUT, userAtom } from '../../../src/state/client';
import { ready } from '../../../src/state/loadable';
import { phaseOf } from '../../../src/stream/connection-status';
import { liveConnectionsAtom, startLive, wantedSymbols } from '../../../src/stream/live';
import { initialStreamState, applyItems } from '../../../src/state/model';
import type { PrivateTopic, RestEnvelope } from '../../../src/stream/protocol';
import { advance, FakeExchange, MockWebSocketImpl } from '../machines/harness';
import { order, position, privateText, T0 } from '../state/fixtures';
import { envelope, manualScheduler } from './harness';

const BASE = ['copytrade.account', 'copytrade.order', 'copytrade.position', 'risk', 'wallet'];

function setup() {
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
    // Tickers of the default wallet coins (USDT needs none).
    expect(h.wanted('public')).toEqual([
      'tickers.BTCUSDT',
      'tickers.EOSUSDT',
      'tickers.ETHUSDT',
      'tickers.XRPUSDT',
    ]);
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
    expect(h.wanted('public')).toEqual(
      expect.arrayContaining(['tickers.SOLUSDT', 'tickers.ADAUSDT', 'tickers.BTCUSDT']),
    );
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

  it('reports an unauthorized private stream', async () => {
    const h = setup();
    h.privEx.auth = 'reject';
    h.store.set(userAtom, { userId: 1001 });
    await advance(100);
    expect(h.unauthorized).toEqual([
      expect.objectContaining({ type: 'unauthorized', stream: 'private' }),
    ]);
    h.live.dispose();
    h.pubEx.stop();
    h.privEx.stop();
  });
});

describe('wantedSymbols', () => {
  it('takes position and order symbols, wallet coins against USDT, watched ones; drops junk', () => {
    let s = initialStreamState();
    s = applyItems(s, 'copytrade.position', [position('SOLUSDT', 0, 1, 1)]);
    s = applyItems(s, 'copytrade.order', [order('o', 1, { symbol: 'ADAUSDT' })]);
    s = applyItems(s, 'wallet', [
      { coin: '__proto__', updatedAtE3: String(T0), walletVersion: 1 },
      { coin: 'DOT', updatedAtE3: String(T0), walletVersion: 1 },
    ]);
    expect(wantedSymbols(s, ['LINKUSDT', 'bad symbol'])).toEqual([
      'ADAUSDT',
      'BTCUSDT',
      'DOTUSDT',
      'EOSUSDT',
      'ETHUSDT',
      'LINKUSDT',
      'SOLUSDT',
      'XRPUSDT',
    ]);
  });
});
