/**
 * The user-assets area's REST state (docs/assets.md): the overview and when it was last
 * refreshed, the refresh requests of the screens and dialogs, and the pure rules that merge the
 * live derivatives wallets into the overview so that its parts still add up to its total, cent
 * for cent. The aggregate info lives in client.ts (`assetsAggregateInfoAtom`, loaded with the
 * session too).
 */
import { atom } from 'jotai';
import type { AccountType, AssetOverview, CoinBalance, OverviewAccount } from '../api/types';
import {
  decimalToScaled,
  divideToScaled,
  e8ToDecimal,
  isDecimalInput,
  isScaledString,
  mulDecimal,
  scaledToDecimal,
  sumDecimals,
} from '../lib/money';
import type { Wallet } from '../wire/protocol';
import { idle, type Loadable } from './loadable';

export const assetOverviewAtom = atom<Loadable<AssetOverview>>(idle<AssetOverview>());

/**
 * When the overview and the aggregate info last both answered (ms, the client's clock); null
 * before the first success. The screens say "as of" this time.
 */
export const assetsRefreshedAtAtom = atom<number | null>(null);

/** Counts refresh requests; the refresher of the assets screens reloads when it moves. */
export const assetsRefreshRequestAtom = atom(0);
/** Write-only: ask for a refresh of the overview and aggregate info now (after an action). */
export const refreshAssetsAtom = atom(null, (get, set) =>
  set(assetsRefreshRequestAtom, get(assetsRefreshRequestAtom) + 1),
);

// ---- cents: every USD figure of the area is a whole number of cents (BigInt) ----

const USD_SCALE = 2;

/** A USD decimal string as cents (extra digits rounded down); 0 for anything unreadable. */
export function toCents(usd: string | undefined): bigint {
  if (!isDecimalInput(usd)) return 0n;
  return BigInt(decimalToScaled(usd, USD_SCALE, 'down'));
}

/** Cents as a USD string with exactly 2 decimals ("-0.05", "12.30"). */
export function centsToUsd(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const s = abs.toString().padStart(3, '0');
  return `${neg ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * The USD value of one live derivatives wallet: its equity at `rate`, rounded down to the cent
 * (the same rule for every coin, so that the account is the sum of its coins). undefined
 * without a rate or a valid equity.
 */
export function walletUsdCents(w: Wallet, rate: string | undefined): bigint | undefined {
  const equity = w.equityE8;
  if (!isScaledString(equity) || !isDecimalInput(rate)) return undefined;
  return BigInt(decimalToScaled(mulDecimal(e8ToDecimal(equity), rate), USD_SCALE, 'down'));
}

const isZeroE8 = (v: string | undefined) => v === undefined || /^-?0+$/.test(v);

/** The live derivatives account: one coin per wallet that holds anything, valued at `rates`. */
export interface LiveDerivatives {
  coins: CoinBalance[];
  usdCents: bigint;
  /** Coins holding something with no rate: valued at the overview's figure instead. */
  unpriced: string[];
}

/**
 * The DERIVATIVES account from the wallet stream. A coin without a rate keeps the overview's
 * USD value for it (never 0: that would silently shrink the total).
 */
export function liveDerivatives(
  wallets: readonly Wallet[],
  rates: ReadonlyMap<string, string>,
  snapshot: OverviewAccount | undefined,
): LiveDerivatives {
  const coins: CoinBalance[] = [];
  const unpriced: string[] = [];
  let usdCents = 0n;
  for (const w of wallets) {
    if (isZeroE8(w.equityE8) && isZeroE8(w.walletBalanceE8)) continue;
    let cents = walletUsdCents(w, rates.get(w.coin));
    if (cents === undefined) {
      unpriced.push(w.coin);
      cents = toCents(snapshot?.coins.find((c) => c.coin === w.coin)?.usdValue);
    }
    usdCents += cents;
    coins.push({
      coin: w.coin,
      amount: e8ToDecimal(isScaledString(w.equityE8) ? w.equityE8 : '0'),
      available: e8ToDecimal(isScaledString(w.availableBalanceE8) ? w.availableBalanceE8 : '0'),
      usdValue: centsToUsd(cents),
    });
  }
  coins.sort((a, b) => compareCents(toCents(b.usdValue), toCents(a.usdValue)));
  return { coins, usdCents, unpriced };
}

const compareCents = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** One account of the overview as shown: its value, its share of the total and its coins. */
export interface AccountView {
  accountType: AccountType;
  usdCents: bigint;
  usdValue: string;
  /** Share of the total in basis points (10000 = 100 %); the shares add up to exactly 10000. */
  shareBp: number;
  coins: CoinBalance[];
  /** The figures come from the wallet stream (DERIVATIVES while it is live). */
  live: boolean;
}

export interface OverviewView {
  totalCents: bigint;
  totalUsd: string;
  totalBtc: string;
  accounts: AccountView[];
}

/**
 * The overview as shown: DERIVATIVES replaced by the live wallets when given, and the total
 * moved by the same amount, in cents:
 *   total = overview total − overview DERIVATIVES + live DERIVATIVES.
 * Because the simulator's accounts add up to its total exactly, the accounts shown add up to
 * the total shown exactly too. The BTC total follows at the BTC rate when there is one (else the
 * overview's own USD/BTC ratio), rounded down to 8 decimals.
 */
export function overviewView(
  overview: AssetOverview,
  live: LiveDerivatives | undefined,
  btcRate?: string,
): OverviewView {
  const snapshotDerivatives = overview.accounts.find((a) => a.accountType === 'DERIVATIVES');
  const base = toCents(overview.totalUsd);
  const totalCents = live ? base - toCents(snapshotDerivatives?.usdValue) + live.usdCents : base;
  const accounts = overview.accounts.map((a) => {
    const isLive = live !== undefined && a.accountType === 'DERIVATIVES';
    const usdCents = isLive ? live.usdCents : toCents(a.usdValue);
    return {
      accountType: a.accountType,
      usdCents,
      usdValue: centsToUsd(usdCents),
      shareBp: 0,
      coins: isLive ? live.coins : a.coins,
      live: isLive,
    };
  });
  const shares = sharesBp(accounts.map((a) => a.usdCents));
  accounts.forEach((a, i) => (a.shareBp = shares[i] ?? 0));
  return {
    totalCents,
    totalUsd: centsToUsd(totalCents),
    totalBtc: btcTotal(totalCents, overview, btcRate),
    accounts,
  };
}

function btcTotal(totalCents: bigint, overview: AssetOverview, btcRate?: string): string {
  const usd = centsToUsd(totalCents);
  try {
    if (isDecimalInput(btcRate) && toCents(btcRate) > 0n) {
      return scaledToDecimal(divideToScaled(usd, btcRate, 8, 'down'), 8);
    }
    const oldUsd = overview.totalUsd;
    if (isDecimalInput(overview.totalBtc) && toCents(oldUsd) !== 0n) {
      // The overview's own price of a bitcoin: totalUsd / totalBtc.
      return scaledToDecimal(
        divideToScaled(mulDecimal(usd, overview.totalBtc), oldUsd, 8, 'down'),
        8,
      );
    }
  } catch {
    // a zero or malformed rate: fall through to the overview's figure
  }
  return overview.totalBtc;
}

/**
 * Shares of `parts` in basis points by the largest remainder: each part's exact share rounded
 * down, the basis points left over given to the largest remainders, so they add up to exactly
 * 10000 (all zeros when the total is not positive; negative parts count as 0).
 */
export function sharesBp(parts: readonly bigint[]): number[] {
  const pos = parts.map((p) => (p > 0n ? p : 0n));
  const total = pos.reduce((s, p) => s + p, 0n);
  if (total <= 0n) return parts.map(() => 0);
  const floors = pos.map((p) => (p * 10000n) / total);
  const rests = pos.map((p, i) => ({ i, rest: (p * 10000n) % total }));
  let left = 10000n - floors.reduce((s, f) => s + f, 0n);
  rests.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const r of rests) {
    if (left <= 0n) break;
    if (pos[r.i] === 0n) continue;
    floors[r.i] = (floors[r.i] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map(Number);
}

/** One coin across the accounts: its total amount and value, and what each account holds. */
export interface CoinRow {
  coin: string;
  amount: string;
  usdCents: bigint;
  usdValue: string;
  accounts: { accountType: AccountType; amount: string; available: string; usdValue: string }[];
}

/** The coin × account matrix, most valuable coin first (then by name). */
export function coinRows(accounts: readonly Pick<AccountView, 'accountType' | 'coins'>[]) {
  const byCoin = new Map<string, CoinRow>();
  for (const a of accounts) {
    for (const c of a.coins) {
      let row = byCoin.get(c.coin);
      if (!row) {
        row = { coin: c.coin, amount: '0', usdCents: 0n, usdValue: '0.00', accounts: [] };
        byCoin.set(c.coin, row);
      }
      row.accounts.push({
        accountType: a.accountType,
        amount: c.amount,
        available: c.available,
        usdValue: c.usdValue,
      });
    }
  }
  const rows = [...byCoin.values()];
  for (const r of rows) {
    r.amount = sumDecimals(
      r.accounts.map((a) => (isDecimalInput(a.amount) ? a.amount : undefined)),
    );
    r.usdCents = r.accounts.reduce((s, a) => s + toCents(a.usdValue), 0n);
    r.usdValue = centsToUsd(r.usdCents);
  }
  return rows.sort((a, b) => compareCents(b.usdCents, a.usdCents) || a.coin.localeCompare(b.coin));
}

/** Coins of one or more accounts, most valuable first (for the account screens). */
export function sortByValue(coins: readonly CoinBalance[]): CoinBalance[] {
  return [...coins].sort(
    (a, b) =>
      compareCents(toCents(b.usdValue), toCents(a.usdValue)) || a.coin.localeCompare(b.coin),
  );
}

/** "Small balance": worth less than 1 USD. */
const SMALL_BALANCE_CENTS = 100n;
export const isSmallBalance = (usdCents: bigint) => usdCents < SMALL_BALANCE_CENTS;
