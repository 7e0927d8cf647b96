/**
 * Transfers between DERIVATIVES, SPOT, UNIFIED and FUND (docs/assets.md): the total of a coin is
 * conserved to the last E8 unit, the derivatives side arrives on the wallet topic with a higher
 * walletVersion, concurrent transfers never overdraw, a repeated requestId moves once, every
 * invalid request is refused with its code and nothing moved, and the overview's parts add up to
 * its total after any sequence of transfers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferRecord, Page } from '@src/api/types';
import type { Wallet } from '@src/wire/protocol';
import { Rng } from '@server/lib/rng';
import { formatTrimmed } from '@server/lib/fixed';
import type { Simulator } from '@server/simulator';
import { HttpClient, privateSession, startTestSim, type WsClient } from './helpers';
import {
  accountOf,
  coinTotal,
  e8,
  expectAddsUp,
  holdings,
  overview,
  stable,
  transfer,
  walletBalances,
  type Env,
} from './assets-support';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.stop());

const walletDelta = (ws: WsClient, coin: string, balanceE8: bigint, from: number) =>
  ws.waitFor((f) => {
    const m = JSON.parse(f) as { topic?: string; data?: Wallet[] };
    return (
      m.topic === 'wallet' &&
      (m.data ?? []).some((w) => w.coin === coin && w.walletBalanceE8 === balanceE8.toString())
    );
  }, from);

describe('a transfer', () => {
  it('conserves the total to the last E8 unit and pushes the derivatives side on wallet', async () => {
    const { http, ws, userId } = await privateSession(sim, 'follower', ['wallet']);
    const before = await holdings(sim, http, userId);
    const versionBefore = sim.truth(userId).wallets.USDT?.walletVersion ?? 0;

    // DERIVATIVES -> FUND, an amount with all six decimals USDT allows.
    const from = ws.frames.length;
    const r = await transfer(http, {
      coin: 'USDT',
      amount: '123.456789',
      fromAccountType: 'DERIVATIVES',
      toAccountType: 'FUND',
      requestId: 'conserve-1',
    });
    expect(r.body).toMatchObject({ ret_code: 0, result: { status: 'SUCCESS' } });
    const wanted = (before.get('DERIVATIVES:USDT') ?? 0n) - e8('123.456789');
    const frame = JSON.parse(await walletDelta(ws, 'USDT', wanted, from)) as { data: Wallet[] };
    const pushed = frame.data.find((w) => w.coin === 'USDT') as Wallet;
    expect(pushed.walletVersion).toBeGreaterThan(versionBefore);
    expect(pushed.availableBalanceE8).toBeDefined();
    expect(pushed.equityE8).toBeDefined();

    const after = await holdings(sim, http, userId);
    expect(after.get('FUND:USDT')).toBe((before.get('FUND:USDT') ?? 0n) + e8('123.456789'));
    expect(after.get('DERIVATIVES:USDT')).toBe(wanted);
    expect(coinTotal(after, 'USDT')).toBe(coinTotal(before, 'USDT'));

    // A non-USDT coin both ways: SPOT -> DERIVATIVES -> UNIFIED.
    for (const [src, dst, amount] of [
      ['SPOT', 'DERIVATIVES', '0.01234567'],
      ['DERIVATIVES', 'UNIFIED', '0.00000001'],
    ] as const) {
      const mark = ws.frames.length;
      const pre = await holdings(sim, http, userId);
      const t = await transfer(http, {
        coin: 'BTC',
        amount,
        fromAccountType: src,
        toAccountType: dst,
        requestId: `conserve-btc-${src}`,
      });
      expect(t.body.ret_code).toBe(0);
      const d =
        (pre.get('DERIVATIVES:BTC') ?? 0n) + (src === 'DERIVATIVES' ? -e8(amount) : e8(amount));
      await walletDelta(ws, 'BTC', d, mark);
      const post = await holdings(sim, http, userId);
      expect(coinTotal(post, 'BTC')).toBe(coinTotal(pre, 'BTC'));
      expect(post.get('DERIVATIVES:BTC')).toBe(d);
    }
    // The truth (the state-dump a replay is compared with) holds what the stream said.
    expect(sim.truth(userId).wallets.USDT?.walletBalanceE8).toBe(wanted.toString());
    await ws.close();
  });

  it('moves once for a repeated requestId, and refuses the id reused with another body', async () => {
    const http = new HttpClient(sim.url);
    await http.login('leader');
    const body = {
      coin: 'USDT',
      amount: '50',
      fromAccountType: 'FUND',
      toAccountType: 'SPOT',
      requestId: 'once-only',
    } as const;
    const before = await overview(http);
    const first = await transfer(http, body);
    const again = await Promise.all([transfer(http, body), transfer(http, body)]);
    expect(first.body.ret_code).toBe(0);
    for (const a of again) expect(a.body.result).toEqual(first.body.result);
    const after = await overview(http);
    expect(e8(accountOf(after, 'FUND').coins.find((c) => c.coin === 'USDT')?.amount ?? '0')).toBe(
      e8(accountOf(before, 'FUND').coins.find((c) => c.coin === 'USDT')?.amount ?? '0') - e8('50'),
    );
    const list = await http.get<Env<Page<TransferRecord>>>('/v3/private/asset/transfer/list');
    expect(
      list.body.result.list.filter((t) => t.transferId === first.body.result?.transferId),
    ).toHaveLength(1);

    const reused = await transfer(http, { ...body, amount: '51' });
    expect(reused.body.ret_code).toBe(10001);
    expect(stable(await overview(http))).toEqual(stable(after));
  });

  it('never overdraws under concurrent transfers', async () => {
    const http = new HttpClient(sim.url);
    await http.login('trader');
    const o = await overview(http);
    const fund = e8(accountOf(o, 'FUND').coins.find((c) => c.coin === 'XRP')?.amount ?? '0');
    expect(fund).toBe(e8('500'));
    // 12 x 45 XRP = 540 > 500: exactly 11 may pass.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        transfer(http, {
          coin: 'XRP',
          amount: '45',
          fromAccountType: 'FUND',
          toAccountType: 'SPOT',
          requestId: `parallel-${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.body.ret_code);
    expect(codes.filter((c) => c === 0)).toHaveLength(11);
    expect(codes.filter((c) => c === 131001)).toHaveLength(1);
    const after = await overview(http);
    expect(accountOf(after, 'FUND').coins.find((c) => c.coin === 'XRP')?.amount).toBe('5');

    // The derivatives wallet too: available USDT split into parallel requests that overshoot.
    const userId = 3001;
    const avail = BigInt(sim.truth(userId).wallets.USDT?.availableBalanceE8 ?? '0');
    const part = avail / 4n + 1n; // 5 parts > available, 3 fit
    const partText = formatTrimmed(part - (part % 1_000_000n), 8); // USDT precision: 6 decimals
    const walletBefore = walletBalances(sim, userId).get('DERIVATIVES:USDT') ?? 0n;
    const rs = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        transfer(http, {
          coin: 'USDT',
          amount: partText,
          fromAccountType: 'DERIVATIVES',
          toAccountType: 'FUND',
          requestId: `deriv-parallel-${i}`,
        }),
      ),
    );
    const ok = rs.filter((r) => r.body.ret_code === 0).length;
    expect(ok).toBeGreaterThanOrEqual(3);
    expect(ok).toBeLessThan(5);
    expect(rs.filter((r) => r.body.ret_code !== 0).every((r) => r.body.ret_code === 131001)).toBe(
      true,
    );
    const walletAfter = walletBalances(sim, userId).get('DERIVATIVES:USDT') ?? 0n;
    expect(walletAfter).toBe(walletBefore - BigInt(ok) * e8(partText));
    expect(
      BigInt(sim.truth(userId).wallets.USDT?.availableBalanceE8 ?? '-1'),
    ).toBeGreaterThanOrEqual(0n);
  });
});

describe('a transfer from another site', () => {
  it('is refused with 403 / 33003 before anything moves', async () => {
    const http = new HttpClient(sim.url);
    await http.login('leader');
    const before = stable(await overview(http));
    const r = await http.request<Env<null>>(
      'POST',
      '/api/v3/private/asset/transfer',
      {
        coin: 'USDT',
        amount: '1',
        fromAccountType: 'FUND',
        toAccountType: 'SPOT',
        requestId: 'csrf',
      },
      { origin: 'https://evil.example' },
    );
    expect(r.status).toBe(403);
    expect(r.body.ret_code).toBe(33003);
    expect(stable(await overview(http))).toEqual(before);
  });
});

describe('an invalid transfer', () => {
  const base = {
    coin: 'USDT',
    amount: '1',
    fromAccountType: 'FUND',
    toAccountType: 'SPOT',
  };
  const CASES: [string, Record<string, unknown>, number][] = [
    ['a negative amount', { amount: '-1' }, 131005],
    ['a zero amount', { amount: '0' }, 131005],
    ['an exponent', { amount: '1e2' }, 131005],
    ['a leading plus', { amount: '+1' }, 131005],
    ['more decimals than USDT has', { amount: '1.0000001' }, 131005],
    ['more than 8 decimals', { coin: 'BTC', amount: '0.000000001' }, 131005],
    ['not a number', { amount: 'one' }, 131005],
    ['an unknown coin', { coin: 'NOPE' }, 131003],
    ['a coin derivatives do not hold', { coin: 'SOL', toAccountType: 'DERIVATIVES' }, 131003],
    ['an account that cannot transfer', { fromAccountType: 'FIAT' }, 131004],
    ['an unknown account', { toAccountType: 'MOON' }, 131004],
    ['the same account', { toAccountType: 'FUND' }, 131002],
    ['more than the source holds', { amount: '100000000' }, 131001],
    [
      'more than derivatives may move',
      { fromAccountType: 'DERIVATIVES', amount: '99999999' },
      131001,
    ],
    ['an unknown field', { extra: 1 }, 10001],
    ['a number amount', { amount: 1 }, 10001],
    ['no requestId', { requestId: undefined }, 10001],
  ];

  it.each(CASES)('refuses %s with its code and moves nothing', async (_name, patch, code) => {
    const { http, ws, userId } = await privateSession(sim, 'newbie', ['wallet']);
    // Something to move: the newbie's sign-up bonus is in SPOT; put 5 USDT in FUND first.
    await transfer(http, {
      coin: 'USDT',
      amount: '5',
      fromAccountType: 'SPOT',
      toAccountType: 'FUND',
      requestId: 'setup-fund',
    });
    const before = stable(await overview(http));
    const wallets = JSON.stringify(sim.truth(userId).wallets);
    const list = (await http.get<Env<Page<TransferRecord>>>('/v3/private/asset/transfer/list')).body
      .result;
    const body: Record<string, unknown> = {
      ...base,
      requestId: `bad-${code}-${_name.length}`,
      ...patch,
    };
    if (patch.requestId === undefined && 'requestId' in patch) delete body.requestId;
    const mark = ws.frames.length;
    const r = await http.post<Env<null>>('/v3/private/asset/transfer', body);
    expect(r.body.ret_code).toBe(code);
    expect(r.body.result).toBeNull();
    expect(stable(await overview(http))).toEqual(before);
    expect(JSON.stringify(sim.truth(userId).wallets)).toBe(wallets);
    await ws.sync();
    expect(ws.frames.slice(mark).filter((f) => f.includes('"topic":"wallet"'))).toEqual([]);
    expect(
      (await http.get<Env<Page<TransferRecord>>>('/v3/private/asset/transfer/list')).body.result,
    ).toEqual(list);
    await ws.close();
  });

  it('refuses DERIVATIVES and SPOT after the unified upgrade', async () => {
    const s = await startTestSim();
    try {
      const http = new HttpClient(s.url);
      await http.login('newbie');
      expect((await http.post<Env>('/v3/private/asset/unified/upgrade', {})).body.ret_code).toBe(0);
      for (const [from, to] of [
        ['UNIFIED', 'SPOT'],
        ['DERIVATIVES', 'FUND'],
      ]) {
        const r = await transfer(http, {
          coin: 'USDT',
          amount: '1',
          fromAccountType: from as 'UNIFIED',
          toAccountType: to as 'SPOT',
          requestId: `after-upgrade-${from}`,
        });
        expect(r.body.ret_code).toBe(131004);
      }
    } finally {
      await s.stop();
    }
  });
});

describe('the overview after random transfers', () => {
  it('adds up to its total exactly, and each coin total is conserved', async () => {
    const { http, userId } = await privateSession(sim, 'leader', ['wallet']);
    const rng = new Rng(42, 9);
    const accounts = ['DERIVATIVES', 'SPOT', 'UNIFIED', 'FUND'] as const;
    const coins = ['USDT', 'ETH', 'BTC'] as const;
    const start = await holdings(sim, http, userId);
    let moved = 0;
    for (let i = 0; i < 25; i++) {
      const coin = coins[rng.int(0, coins.length - 1)] as (typeof coins)[number];
      const from = accounts[rng.int(0, 3)] as (typeof accounts)[number];
      let to = accounts[rng.int(0, 3)] as (typeof accounts)[number];
      if (to === from) to = accounts[(accounts.indexOf(from) + 1) % 4] as typeof to;
      const h = await holdings(sim, http, userId);
      const avail =
        from === 'DERIVATIVES'
          ? BigInt(sim.truth(userId).wallets[coin]?.availableBalanceE8 ?? '0')
          : (h.get(`${from}:${coin}`) ?? 0n);
      if (avail <= 1_000_000n) continue;
      // 1..100 % of what is there, rounded down to whole 0.000001.
      const amount = ((avail * BigInt(rng.int(1, 100))) / 100n / 100n) * 100n;
      if (amount === 0n) continue;
      const r = await transfer(http, {
        coin,
        amount: formatTrimmed(amount, 8),
        fromAccountType: from,
        toAccountType: to,
        requestId: `random-${i}`,
      });
      expect(r.body.ret_code, JSON.stringify(r.body)).toBe(0);
      moved++;
      expectAddsUp(await overview(http));
    }
    expect(moved).toBeGreaterThanOrEqual(15);
    const end = await holdings(sim, http, userId);
    for (const coin of coins) expect(coinTotal(end, coin)).toBe(coinTotal(start, coin));
  });
});

describe('the transfer list', () => {
  it('pages newest first by cursor', async () => {
    const http = new HttpClient(sim.url);
    await http.login('follower');
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await transfer(http, {
            coin: 'USDC',
            amount: '1',
            fromAccountType: i % 2 ? 'UNIFIED' : 'FUND',
            toAccountType: i % 2 ? 'FUND' : 'UNIFIED',
            requestId: `page-${i}`,
          })
        ).body.ret_code,
      ).toBe(0);
    }
    const seen: TransferRecord[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const r = await http.get<Env<Page<TransferRecord>>>(
        `/v3/private/asset/transfer/list?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(r.body.ret_code).toBe(0);
      expect(r.body.result.list.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.result.list);
      cursor = r.body.result.nextCursor;
      pages++;
    } while (cursor !== '' && pages < 50);
    const ids = seen.map((t) => t.transferId);
    expect(new Set(ids).size).toBe(ids.length);
    const times = seen.map((t) => Number(t.createdAtE3));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.slice(0, 5).map((t) => t.fromAccountType)).toEqual([
      'FUND',
      'UNIFIED',
      'FUND',
      'UNIFIED',
      'FUND',
    ]);
    expect((await http.get<Env>('/v3/private/asset/transfer/list?limit=51')).body.ret_code).toBe(
      10001,
    );
  });
});
