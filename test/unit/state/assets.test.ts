import { describe, expect, it } from 'vitest';
import {
  centsToUsd,
  coinRows,
  isSmallBalance,
  liveDerivatives,
  overviewView,
  sharesBp,
  sortByValue,
  toCents,
  walletUsdCents,
} from '@src/state/assets';
import type { Wallet } from '@src/wire/protocol';
import { allAccountsOverview } from '../../support/sample-answers';

const rates = new Map([
  ['BTC', '64000'],
  ['USDT', '1'],
  ['ETH', '3000'],
]);
const wallet = (coin: string, equityE8: string, availableBalanceE8 = equityE8): Wallet => ({
  coin,
  equityE8,
  walletBalanceE8: equityE8,
  availableBalanceE8,
});

describe('cents', () => {
  it('reads USD strings as cents and writes them back with 2 decimals', () => {
    expect(toCents('12.3')).toBe(1230n);
    expect(toCents('0.009')).toBe(0n);
    expect(toCents('-1.5')).toBe(-150n);
    expect(toCents(undefined)).toBe(0n);
    expect(toCents('abc')).toBe(0n);
    expect(centsToUsd(5n)).toBe('0.05');
    expect(centsToUsd(-5n)).toBe('-0.05');
    expect(centsToUsd(123456n)).toBe('1234.56');
  });

  it('values a wallet at its equity, rounded down to the cent', () => {
    expect(walletUsdCents(wallet('BTC', '1234567'), '64000')).toBe(79012n); // 790.122...
    expect(walletUsdCents(wallet('BTC', '1234567'), undefined)).toBeUndefined();
  });
});

describe('overviewView: live derivatives merged exactly', () => {
  it('without live wallets shows the overview as answered; the accounts add up to the total', () => {
    const v = overviewView(allAccountsOverview(), undefined);
    expect(v.totalUsd).toBe('51108.66');
    expect(v.accounts.reduce((s, a) => s + a.usdCents, 0n)).toBe(v.totalCents);
    expect(v.accounts.map((a) => a.accountType)).toHaveLength(12);
  });

  it('replaces DERIVATIVES by the wallets and moves the total by the difference, cent for cent', () => {
    const o = allAccountsOverview();
    // Equity moved: USDT 10 000 → 10 123.45678901, BTC 0.01 → 0.01000001.
    const live = liveDerivatives(
      [
        wallet('USDT', '1012345678901', '385000000000'),
        wallet('BTC', '1000001'),
        wallet('ETH', '0'),
      ],
      rates,
      o.accounts[0],
    );
    expect(live.usdCents).toBe(1012345n + 64000n); // 10123.45 + 640.00 (0.64000064 cents dropped)
    const v = overviewView(o, live, '64000');
    const derivatives = v.accounts.find((a) => a.accountType === 'DERIVATIVES');
    expect(derivatives?.usdValue).toBe('10763.45');
    expect(derivatives?.live).toBe(true);
    expect(v.totalUsd).toBe('51232.11'); // 51108.66 − 10640.00 + 10763.45
    expect(v.accounts.reduce((s, a) => s + a.usdCents, 0n)).toBe(v.totalCents);
    expect(v.totalBtc).toBe('0.80050171'); // 51232.11 / 64000, down to 8 decimals
    // The coins come from the wallets (the empty ETH wallet is left out), most valuable first.
    expect(derivatives?.coins).toEqual([
      { coin: 'USDT', amount: '10123.45678901', available: '3850', usdValue: '10123.45' },
      { coin: 'BTC', amount: '0.01000001', available: '0.01000001', usdValue: '640.00' },
    ]);
  });

  it('a wallet with no rate keeps the overview value of that coin (the total never shrinks silently)', () => {
    const o = allAccountsOverview();
    const live = liveDerivatives(
      [wallet('USDT', '1000000000000'), wallet('BTC', '1000000')],
      new Map([['USDT', '1']]),
      o.accounts[0],
    );
    expect(live.unpriced).toEqual(['BTC']);
    expect(overviewView(o, live).totalUsd).toBe('51108.66');
  });

  it('without a BTC rate the BTC total follows the overview ratio', () => {
    const o = allAccountsOverview({ totalUsd: '100.00', totalBtc: '0.002', accounts: [] });
    expect(overviewView(o, undefined).totalBtc).toBe('0.002');
  });
});

describe('sharesBp', () => {
  it('adds up to exactly 100 % by the largest remainder', () => {
    expect(sharesBp([1n, 1n, 1n])).toEqual([3334, 3333, 3333]);
    expect(sharesBp([0n, 0n])).toEqual([0, 0]);
    expect(sharesBp([5n, -3n, 5n])).toEqual([5000, 0, 5000]);
    const parts = [1000000n, 64000n, 3n, 0n, 77777n, 12n];
    expect(sharesBp(parts).reduce((s, x) => s + x, 0)).toBe(10000);
  });

  it('the overview shares add up to 100 %', () => {
    const v = overviewView(allAccountsOverview(), undefined);
    expect(v.accounts.reduce((s, a) => s + a.shareBp, 0)).toBe(10000);
  });
});

describe('coinRows and sorting', () => {
  it('gathers each coin across the accounts, most valuable first', () => {
    const rows = coinRows(overviewView(allAccountsOverview(), undefined).accounts);
    expect(rows.map((r) => r.coin)).toEqual(['BTC', 'USDT', 'ETH', 'EUR', 'USDC', 'XRP']);
    const usdt = rows.find((r) => r.coin === 'USDT');
    expect(usdt?.amount).toBe('12284.5678');
    expect(usdt?.usdValue).toBe('12284.56');
    expect(usdt?.accounts.map((a) => a.accountType)).toEqual([
      'DERIVATIVES',
      'FUND',
      'CARD',
      'MT4',
      'MT5',
      'BOT',
    ]);
  });

  it('small balances are worth less than 1 USD', () => {
    expect(isSmallBalance(99n)).toBe(true);
    expect(isSmallBalance(100n)).toBe(false);
  });

  it('sorts coins by value, then name', () => {
    const sorted = sortByValue([
      { coin: 'B', amount: '1', available: '1', usdValue: '1.00' },
      { coin: 'A', amount: '1', available: '1', usdValue: '1.00' },
      { coin: 'C', amount: '1', available: '1', usdValue: '2.00' },
    ]);
    expect(sorted.map((c) => c.coin)).toEqual(['C', 'A', 'B']);
  });
});
