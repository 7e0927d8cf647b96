/** USD values of wallet amounts at the exchange rates (decimal.js through src/lib/money.ts). */
import {
  decimalToScaled,
  e8ToDecimal,
  FIGURE_ROUNDING,
  isDecimalInput,
  isScaledString,
  mulDecimal,
  scaledToDecimal,
  sumDecimals,
} from '../../lib/money';
import type { Wallet } from '../../facade';

const USD_DECIMALS = 2;

/** The USD value of an ...E8 amount of a coin; undefined without a rate or a valid amount. */
export function usdValue(
  amountE8: string | undefined,
  rate: string | undefined,
): string | undefined {
  if (!isScaledString(amountE8) || !isDecimalInput(rate)) return undefined;
  return mulDecimal(e8ToDecimal(amountE8), rate);
}

/**
 * The USD value of an ...E8 amount of a coin as a row shows it: cut to the cent (a balance,
 * rounded down), the rule by which the overview values each coin of the live DERIVATIVES
 * account (`walletUsdCents`, src/state/assets.ts). Totals add these, so a total is its rows.
 */
export function usdValueToCent(
  amountE8: string | undefined,
  rate: string | undefined,
): string | undefined {
  const exact = usdValue(amountE8, rate);
  if (exact === undefined) return undefined;
  return scaledToDecimal(
    decimalToScaled(exact, USD_DECIMALS, FIGURE_ROUNDING.balance),
    USD_DECIMALS,
  );
}

export interface UsdTotals {
  equity: string;
  walletBalance: string;
  available: string;
  unrealisedPnl: string;
  /** Coins holding something that have no rate: left out of the totals. */
  unpriced: string[];
}

const FIELDS = {
  equity: 'equityE8',
  walletBalance: 'walletBalanceE8',
  available: 'availableBalanceE8',
  unrealisedPnl: 'totalUnrealisedPnlE8',
} as const satisfies Record<string, keyof Wallet>;

const holds = (w: Wallet) =>
  Object.values(FIELDS).some((f) => {
    const v = w[f];
    return isScaledString(v) && !/^-?0+$/.test(v);
  });

/**
 * Totals over every wallet in USD; a coin without a rate is listed in `unpriced`. Equity, wallet
 * balance and available are balances: each coin's value cut to the cent as its row shows it, then
 * added (the total is its rows, and the overview's live DERIVATIVES figure). The unrealised PnL
 * is a PnL: summed exactly and rounded once where it is shown, to the nearest.
 */
export function usdTotals(
  wallets: readonly Wallet[],
  rates: ReadonlyMap<string, string>,
): UsdTotals {
  const unpriced: string[] = [];
  const priced: Wallet[] = [];
  for (const w of wallets) {
    if (rates.has(w.coin)) priced.push(w);
    else if (holds(w)) unpriced.push(w.coin);
  }
  const total = (field: keyof Wallet & `${string}E8`, value: typeof usdValue) =>
    sumDecimals(priced.map((w) => value(w[field] as string | undefined, rates.get(w.coin))));
  return {
    equity: total(FIELDS.equity, usdValueToCent),
    walletBalance: total(FIELDS.walletBalance, usdValueToCent),
    available: total(FIELDS.available, usdValueToCent),
    unrealisedPnl: total(FIELDS.unrealisedPnl, usdValue),
    unpriced,
  };
}
