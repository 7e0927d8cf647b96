/** USD values of wallet amounts at the exchange rates (decimal.js through src/lib/money.ts). */
import {
  e8ToDecimal,
  isDecimalInput,
  isScaledString,
  mulDecimal,
  sumDecimals,
} from '../../lib/money';
import type { Wallet } from '../../facade';

/** The USD value of an ...E8 amount of a coin; undefined without a rate or a valid amount. */
export function usdValue(
  amountE8: string | undefined,
  rate: string | undefined,
): string | undefined {
  if (!isScaledString(amountE8) || !isDecimalInput(rate)) return undefined;
  return mulDecimal(e8ToDecimal(amountE8), rate);
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

/** Totals over every wallet in USD; a coin without a rate is listed in `unpriced`. */
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
  const total = (field: keyof Wallet & `${string}E8`) =>
    sumDecimals(priced.map((w) => usdValue(w[field] as string | undefined, rates.get(w.coin))));
  return {
    equity: total(FIELDS.equity),
    walletBalance: total(FIELDS.walletBalance),
    available: total(FIELDS.available),
    unrealisedPnl: total(FIELDS.unrealisedPnl),
    unpriced,
  };
}
