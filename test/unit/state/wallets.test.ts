import { describe, expect, it } from 'vitest';
import { DEFAULT_WALLET_COINS } from '@src/wire/protocol';
import { defaultWallet, initialWallets, mergeWallets, snapshotWallets } from '@src/state/wallets';
import { T0, wallet } from './fixtures';

const micros = (dt: number) => `${T0 + dt}000`;

describe('wallet defaults', () => {
  it('holds BTC, EOS, USDT, XRP and ETH from the start, with balances "0"', () => {
    const s = initialWallets();
    expect([...s.rows.keys()]).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    expect([...s.rows.keys()]).toEqual([...DEFAULT_WALLET_COINS]);
    for (const coin of DEFAULT_WALLET_COINS) {
      expect(s.rows.get(coin)).toEqual({ coin, availableBalanceE8: '0', walletBalanceE8: '0' });
    }
    expect(s.gone.size).toBe(0);
  });

  it('fills missing balances of a new coin with "0"', () => {
    const s = mergeWallets(initialWallets(), [
      { coin: 'SOL', equityE8: '5', updatedAtE3: String(T0), walletVersion: 1 },
    ]);
    expect(s.rows.get('SOL')).toEqual({
      coin: 'SOL',
      availableBalanceE8: '0',
      walletBalanceE8: '0',
      equityE8: '5',
      updatedAtE3: String(T0),
      walletVersion: 1,
    });
  });

  it('keeps the defaults when a partial update of a default coin omits them', () => {
    const s = mergeWallets(initialWallets(), [
      { coin: 'BTC', equityE8: '7', updatedAtE3: String(T0), walletVersion: 1 },
    ]);
    expect(s.rows.get('BTC')).toMatchObject({
      availableBalanceE8: '0',
      walletBalanceE8: '0',
      equityE8: '7',
    });
  });

  it('defaultWallet is a fresh object each time', () => {
    expect(defaultWallet('BTC')).not.toBe(defaultWallet('BTC'));
  });
});

describe('walletVersion', () => {
  it('applies an update only if its walletVersion is higher than the stored one', () => {
    let s = mergeWallets(initialWallets(), [wallet('BTC', 5, { availableBalanceE8: '500' })]);
    s = mergeWallets(s, [wallet('BTC', 5, { availableBalanceE8: '999' })]);
    expect(s.rows.get('BTC')?.availableBalanceE8).toBe('500');
    s = mergeWallets(s, [wallet('BTC', 4, { availableBalanceE8: '444' })]);
    expect(s.rows.get('BTC')?.availableBalanceE8).toBe('500');
    s = mergeWallets(s, [wallet('BTC', 6, { availableBalanceE8: '600' })]);
    expect(s.rows.get('BTC')?.availableBalanceE8).toBe('600');
    expect(s.rows.get('BTC')?.walletVersion).toBe(6);
  });

  it('returns the same state when every update is stale', () => {
    const s = mergeWallets(initialWallets(), [wallet('BTC', 5)]);
    expect(mergeWallets(s, [wallet('BTC', 3), wallet('BTC', 5)])).toBe(s);
  });

  it('applies several items for one coin in one frame in order', () => {
    const s = mergeWallets(initialWallets(), [
      wallet('ETH', 2, { equityE8: '2' }),
      wallet('ETH', 1, { equityE8: '1' }),
      wallet('ETH', 3, { equityE8: '3' }),
      wallet('ETH', 3, { equityE8: 'x3' }),
    ]);
    expect(s.rows.get('ETH')?.equityE8).toBe('3');
    expect(s.rows.get('ETH')?.walletVersion).toBe(3);
  });
});

describe('wallet merge', () => {
  it('overwrites only the fields present', () => {
    let s = mergeWallets(initialWallets(), [wallet('USDT', 1, { cumRealisedPnlE8: '-12' })]);
    s = mergeWallets(s, [
      { coin: 'USDT', equityE8: '42', updatedAtE3: String(T0 + 2), walletVersion: 2 },
    ]);
    expect(s.rows.get('USDT')).toEqual({
      ...wallet('USDT', 1, { cumRealisedPnlE8: '-12' }),
      equityE8: '42',
      updatedAtE3: String(T0 + 2),
      walletVersion: 2,
    });
  });

  it('keeps values beyond 2^53 exact, as strings', () => {
    const big = '9007199254740993123456';
    const neg = '-9007199254740993123456';
    const s = mergeWallets(initialWallets(), [
      wallet('BTC', 1, { walletBalanceE8: big, totalUnrealisedPnlE8: neg }),
    ]);
    expect(s.rows.get('BTC')?.walletBalanceE8).toBe(big);
    expect(s.rows.get('BTC')?.totalUnrealisedPnlE8).toBe(neg);
  });

  it('keeps untouched wallets as the same objects', () => {
    const s0 = initialWallets();
    const s1 = mergeWallets(s0, [wallet('BTC', 1)]);
    expect(s1).not.toBe(s0);
    for (const coin of ['EOS', 'USDT', 'XRP', 'ETH'])
      expect(s1.rows.get(coin)).toBe(s0.rows.get(coin));
    expect(s0.rows.get('BTC')).toEqual(defaultWallet('BTC')); // the input is not mutated
  });

  it('stores __proto__ and constructor as coins, never on a prototype', () => {
    const s = mergeWallets(initialWallets(), [wallet('__proto__', 1), wallet('constructor', 1)]);
    expect(s.rows.get('__proto__')?.coin).toBe('__proto__');
    expect(s.rows.get('constructor')?.coin).toBe('constructor');
    expect(({} as Record<string, unknown>).coin).toBeUndefined();
  });

  it('does not create a coin from a delta older than the snapshot it is queued behind', () => {
    const s = mergeWallets(initialWallets(), [wallet('SOL', 1)], { absentBefore: micros(5) });
    expect(s.rows.has('SOL')).toBe(false);
    const s2 = mergeWallets(initialWallets(), [wallet('SOL', 6)], { absentBefore: micros(5) });
    expect(s2.rows.has('SOL')).toBe(true);
  });
});

describe('wallet snapshot', () => {
  it('replaces the coins, keeps the default coins and buries coins it lacks', () => {
    let s = mergeWallets(initialWallets(), [wallet('SOL', 3), wallet('BTC', 9)]);
    s = snapshotWallets(s, [wallet('ETH', 2)], micros(10));
    expect([...s.rows.keys()]).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    // BTC returns to its default: the snapshot is the new truth, version and all.
    expect(s.rows.get('BTC')).toEqual(defaultWallet('BTC'));
    expect(s.rows.get('ETH')?.walletVersion).toBe(2);
    expect(s.gone.get('SOL')).toBe(micros(10));
    // A stale delta for the buried coin does not bring it back; a newer one does.
    expect(
      mergeWallets(s, [wallet('SOL', 4, { updatedAtE3: String(T0 + 9) })]).rows.has('SOL'),
    ).toBe(false);
    expect(
      mergeWallets(s, [wallet('SOL', 4, { updatedAtE3: String(T0 + 11) })]).rows.has('SOL'),
    ).toBe(true);
  });

  it('without a snapshot time buries nothing new', () => {
    const s = mergeWallets(initialWallets(), [wallet('SOL', 3)]);
    const snap = snapshotWallets(s, [], undefined);
    expect(snap.rows.has('SOL')).toBe(false);
    expect(snap.gone.size).toBe(0);
  });
});
