/**
 * The snapshot a dashboard gets from `replay --serve` when it re-seeds between a recorded drop and
 * the recorded fresh snapshot (an operator's review): the session's orders snapshot at 10 ms holds
 * o1 and o2, o1 is closed at 2 s, the connection drops (1006) at 3 s, the recording reconnects at
 * 4 s and its fresh snapshot at 4.1 s holds only o2. A dashboard reconnecting at 3.3 s was answered
 * the 10 ms body, so the closed o1 came back for good, while `--print-state --at` shows only o2.
 * Once a frame of the topic (or a private close) has been played after the recorded body, the
 * answer is the replayed state.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { dumpAt, parseInstant } from '@src/pipeline/replay-query';
import { SNAPSHOT_PATHS } from '@src/wire/protocol';
import { parseSession, type Session } from '@src/wire/session-file';
import { Client, manualTimers } from './support';

const RECORDED_AT = '2026-11-21T00:00:00.000Z';
const EPOCH = Date.parse(RECORDED_AT);
const ORDERS = SNAPSHOT_PATHS['copytrade.order'];
const WALLETS = SNAPSHOT_PATHS.wallet;

const order = (orderId: string, status: string, at: number) => ({
  orderId,
  leaderUserId: 2001,
  symbol: 'BTCUSDT',
  side: 'Buy',
  orderType: 'Market',
  price: '64000.5',
  qty: '1',
  cumExecQty: '0.5',
  copyTradeOrderStatus: status,
  createdAtE3: String(EPOCH),
  updatedAtE3: String(EPOCH + at),
});

const wallet = (at: number) => ({
  coin: 'USDT',
  availableBalanceE8: '100000000000',
  walletBalanceE8: '100000000000',
  equityE8: '100000000000',
  updatedAtE3: String(EPOCH + at),
  userId: 1001,
  walletVersion: 1,
});

const body = (list: unknown[], at: number) =>
  JSON.stringify({
    ret_code: 0,
    ret_msg: 'OK',
    result: { list },
    ext_code: '',
    ext_info: null,
    time_now: ((EPOCH + at) / 1000).toFixed(6),
  });

/** A private connection's handshake at `t`: open, auth, subscribe and their answers. */
const handshake = (t: number, conn: string) => [
  { t, kind: 'open', stream: 'private' },
  { t, kind: 'send', stream: 'private', frame: '{"req_id":"1","op":"auth","args":["<token>"]}' },
  {
    t: t + 1,
    kind: 'recv',
    stream: 'private',
    frame: JSON.stringify({ success: true, ret_msg: '', op: 'auth', conn_id: conn, req_id: '1' }),
  },
  {
    t: t + 1,
    kind: 'send',
    stream: 'private',
    frame: '{"req_id":"2","op":"subscribe","args":["wallet","copytrade.order"]}',
  },
  {
    t: t + 2,
    kind: 'recv',
    stream: 'private',
    frame: JSON.stringify({
      success: true,
      ret_msg: '',
      op: 'subscribe',
      conn_id: conn,
      req_id: '2',
    }),
  },
];

const SESSION: Session = parseSession(
  [
    { kind: 'header', version: 1, recordedAt: RECORDED_AT, userId: 1001 },
    ...handshake(0, 'c1'),
    {
      t: 8,
      kind: 'rest',
      sent: 3,
      method: 'GET',
      path: WALLETS,
      status: 200,
      body: body([wallet(1)], 3),
    },
    {
      t: 10,
      kind: 'rest',
      sent: 3,
      method: 'GET',
      path: ORDERS,
      status: 200,
      body: body([order('o1', 'OpenOrderFilled', 1), order('o2', 'OpenOrderFilled', 1)], 3),
    },
    {
      t: 2_000,
      kind: 'recv',
      stream: 'private',
      frame: JSON.stringify({
        id: 'f1',
        topic: 'copytrade.order',
        type: 'delta',
        seq: 1,
        creationTime: EPOCH + 2_000,
        data: [order('o1', 'Closed', 1_990)],
      }),
    },
    { t: 3_000, kind: 'close', stream: 'private', code: 1006, reason: '' },
    ...handshake(4_000, 'c2'),
    {
      t: 4_050,
      kind: 'rest',
      sent: 4_003,
      method: 'GET',
      path: WALLETS,
      status: 200,
      body: body([wallet(1)], 4_003),
    },
    {
      t: 4_100,
      kind: 'rest',
      sent: 4_003,
      method: 'GET',
      path: ORDERS,
      status: 200,
      body: body([order('o2', 'OpenOrderFilled', 1)], 4_003),
    },
    { t: 5_000, kind: 'close', stream: 'private', code: 1000, reason: '' },
  ]
    .map((e) => JSON.stringify(e))
    .join('\n'),
);

const servers: ReplayServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function serve() {
  const timers = manualTimers();
  const server = await startReplayServer({ session: SESSION, timers, autoStart: true });
  servers.push(server);
  const client = new Client(server.url);
  await client.call('POST', '/api/login', { username: 'follower', password: 'follower123' });
  return { server, timers, client };
}

type Snapshot = { ret_code: number; result: { list: { orderId?: string }[] }; time_now: string };

const ordersOf = async (client: Client) => {
  const r = await client.call<Snapshot>('GET', `/api${ORDERS}`);
  expect(r.status).toBe(200);
  expect(r.body.ret_code).toBe(0);
  return r;
};
const ids = (r: { body: Snapshot }) => r.body.result.list.map((o) => o.orderId).sort();

/** The orders `--print-state --at T` holds. */
const printedOrders = (at: string) =>
  Object.keys(dumpAt(SESSION.events, parseInstant(at, SESSION.header)).copytrade.orders).sort();

describe('a dashboard re-seeding after a recorded drop, before the recorded fresh snapshot', () => {
  it('is answered the replayed state, not the old recorded body (o1 stays closed)', async () => {
    const { timers, client } = await serve();
    timers.advance(3_300);
    expect(printedOrders('3300')).toEqual(['o2']);
    const r = await ordersOf(client);
    expect(ids(r)).toEqual(['o2']);
    // Taken at the position (no frame of the topic is still to play before the end).
    expect(Math.round(Number(r.body.time_now) * 1000)).toBe(EPOCH + 3_300);
  });

  it('after the close alone (no frame of the topic since its body), the state too', async () => {
    const { timers, client } = await serve();
    timers.advance(3_300);
    const w = await client.call<Snapshot>('GET', `/api${WALLETS}`);
    expect(w.text).not.toBe(body([wallet(1)], 3));
    expect(Math.round(Number(w.body.time_now) * 1000)).toBe(EPOCH + 3_300);
  });

  it('keeps the recorded bodies while nothing was played after them', async () => {
    const { timers, client } = await serve();
    timers.advance(1_000);
    const before = await ordersOf(client);
    expect(ids(before)).toEqual(['o1', 'o2']);
    expect(before.text).toBe(
      body([order('o1', 'OpenOrderFilled', 1), order('o2', 'OpenOrderFilled', 1)], 3),
    );
    timers.advance(3_200); // 4.2 s: past the fresh snapshot
    const fresh = await ordersOf(client);
    expect(fresh.text).toBe(body([order('o2', 'OpenOrderFilled', 1)], 4_003));
  });
});
