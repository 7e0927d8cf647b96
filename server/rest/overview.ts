/**
 * The asset overview and aggregate info: every account kind of a user valued in USD cents from one
 * set of rates (truncated per coin), each account the sum of its coins and the total the sum of the
 * accounts, so that the parts always add up to the total exactly.
 */
import {
  ACCOUNT_TYPES,
  type AccountType,
  type AssetOverview,
  type AssetsAggregateInfo,
  type CoinBalance,
  type LeaderBot,
  type OverviewAccount,
  type PledgeLoan,
  type SavingsLot,
  type SavingsProduct,
  type UnifiedCoin,
} from '../../src/api/types';
import { botsOf } from '../accounts/holdings';
import type { Assets } from '../assets/assets';
import { isMatured, PLAIN_ACCOUNTS, type PlainAccount } from '../assets/book';
import {
  AUTO_SAVING_COINS,
  AUTO_SAVING_SUPPORTED,
  COLLATERALABLE,
  pledgeTerms,
  savingsProduct,
} from '../assets/catalogue';
import { divRound, E8, formatFixed, formatTrimmed, parseFixed } from '../lib/fixed';
import { instrumentOf } from '../market/instruments';
import type { Market } from '../market/market';
import { centsToBtc, formatUsd, usdCents, usdRates, type Rate } from '../market/rates';

type Rates = Map<string, Rate>;
const fmt = (n: bigint): string => formatTrimmed(n, E8);

/** A bot's PnL: its share of the price move since it started. */
export function botWire(bot: ReturnType<typeof botsOf>[number], market: Market): LeaderBot {
  const inst = instrumentOf(bot.symbol);
  let pnl = 0n;
  if (inst) {
    const start = parseFixed(bot.startPrice, inst.priceScale);
    const last = market.state(bot.symbol).last;
    pnl = divRound(
      BigInt(bot.investmentE8) * (last - start) * BigInt(bot.capturePct),
      start * 100n,
      'trunc',
    );
  }
  const { startPrice: _s, capturePct: _c, ...wire } = bot;
  return { ...wire, pnlE8: pnl.toString() };
}

/** Coins with their USD value; zero amounts are left out. */
function valued(
  entries: Iterable<[string, bigint, bigint | null]>,
  rates: Rates,
): { cents: bigint; coins: CoinBalance[] } {
  let cents = 0n;
  const coins: CoinBalance[] = [];
  for (const [coin, amount, available] of entries) {
    if (amount === 0n) continue;
    const c = usdCents(amount, rates.get(coin));
    cents += c;
    coins.push({
      coin,
      amount: fmt(amount),
      available: available === null ? '' : fmt(available),
      usdValue: formatUsd(c),
    });
  }
  return { cents, coins };
}

/**
 * A loan-to-value, part / whole at 4 decimals ("0.5806"), "0" when whole is 0: rounded up, as a
 * risk figure is (38.666 % is 38.67 %, never the 38.66 % that reads safer than it is).
 */
const ltvRatio = (part: bigint, whole: bigint): string =>
  whole > 0n ? formatFixed(divRound(part * 10_000n, whole, 'ceil'), 4) : '0';

interface Valuation {
  overview: AssetOverview;
  totalCents: bigint;
  rates: Rates;
}

function valuation(assets: Assets, userId: number, market: Market, now: number): Valuation {
  const rates = usdRates(market);
  const b = assets.book(userId);
  const l = assets.ledger(userId);
  const accounts = new Map<AccountType, { cents: bigint; coins: CoinBalance[] }>();

  accounts.set(
    'DERIVATIVES',
    valued(
      l
        .walletList()
        .map((w) => [
          w.coin,
          BigInt(w.equityE8 ?? w.walletBalanceE8 ?? '0'),
          BigInt(w.availableBalanceE8 ?? '0'),
        ]),
      rates,
    ),
  );
  for (const a of PLAIN_ACCOUNTS) {
    const movable = a === 'SPOT' || a === 'FUND';
    accounts.set(
      a,
      valued(
        [...b.plain[a as PlainAccount]].map(([coin, n]) => [coin, n, movable ? n : null]),
        rates,
      ),
    );
  }

  // UNIFIED: each coin's equity (its balance less what it owes).
  let unifiedCents = 0n;
  let loanCents = 0n;
  const unifiedCoins: UnifiedCoin[] = [];
  for (const [coin, u] of b.unified) {
    const equity = u.balanceE8 - u.borrowedE8;
    const c = usdCents(equity, rates.get(coin));
    unifiedCents += c;
    loanCents += usdCents(u.borrowedE8, rates.get(coin));
    unifiedCoins.push({
      coin,
      amount: fmt(equity),
      available: fmt(b.unifiedAvailable(coin)),
      usdValue: formatUsd(c),
      collateralable: COLLATERALABLE.has(coin),
      collateralSwitch: COLLATERALABLE.has(coin) && !b.collateralOff.has(coin),
      borrowed: fmt(u.borrowedE8),
    });
  }
  accounts.set('UNIFIED', { cents: unifiedCents, coins: unifiedCoins });

  // BOT: investment + PnL of the user's bots, in USDT.
  // Only their amounts count here, not their dates.
  const bots = botsOf(userId, now).map((bot) => botWire(bot, market));
  const botE8 = bots.reduce((s, x) => s + BigInt(x.investmentE8) + BigInt(x.pnlE8), 0n);
  accounts.set('BOT', valued([['USDT', botE8, null]], rates));

  // SAVINGS: what the user holds in each product, by coin.
  const products: SavingsProduct[] = [];
  const byCoin = new Map<string, bigint>();
  for (const [productId, h] of b.savings) {
    const p = savingsProduct(productId);
    if (!p) continue;
    const lots: SavingsLot[] = h.lots.map((l) => ({
      lotId: l.lotId,
      amount: fmt(l.amountE8),
      interest: fmt(l.interestE8),
      subscribedAtE3: String(l.subscribedAtMs),
      maturesAtE3: String(l.maturesAtMs),
      status: isMatured(l, now) ? 'MATURED' : 'LOCKED',
    }));
    const redeemableE8 =
      p.termDays === 0
        ? h.amountE8
        : h.lots.filter((l) => isMatured(l, now)).reduce((s, l) => s + l.amountE8, 0n);
    products.push({
      productId,
      coin: p.coin,
      apy: p.apy,
      termDays: p.termDays,
      amount: fmt(h.amountE8),
      redeemable: fmt(redeemableE8),
      cumInterest: fmt(h.cumInterestE8),
      minAmount: p.minAmount,
      lots,
    });
    byCoin.set(p.coin, (byCoin.get(p.coin) ?? 0n) + h.amountE8);
  }
  accounts.set(
    'SAVINGS',
    valued(
      [...byCoin].map(([coin, n]) => [coin, n, n]),
      rates,
    ),
  );

  // PLEDGE: the collateral of the loans (the loans are pledge.loans).
  const collateral = new Map<string, bigint>();
  const loans: PledgeLoan[] = b.loans.map((loan) => {
    collateral.set(
      loan.collateralCoin,
      (collateral.get(loan.collateralCoin) ?? 0n) + loan.collateralE8,
    );
    return {
      loanId: loan.loanId,
      loanCoin: loan.loanCoin,
      borrowed: fmt(loan.borrowedE8),
      collateralCoin: loan.collateralCoin,
      collateralAmount: fmt(loan.collateralE8),
      ltv: ltvRatio(
        usdCents(loan.borrowedE8, rates.get(loan.loanCoin)),
        usdCents(loan.collateralE8, rates.get(loan.collateralCoin)),
      ),
      liquidationLtv: loan.liquidationLtv,
      hourlyRate: loan.hourlyRate,
      createdAtE3: String(loan.createdAtMs),
    };
  });
  accounts.set(
    'PLEDGE',
    valued(
      [...collateral].map(([coin, n]) => [coin, n, null]),
      rates,
    ),
  );

  const list: OverviewAccount[] = ACCOUNT_TYPES.map((accountType) => {
    const a = accounts.get(accountType) ?? { cents: 0n, coins: [] };
    return { accountType, usdValue: formatUsd(a.cents), coins: a.coins };
  });
  const totalCents = ACCOUNT_TYPES.reduce((s, t) => s + (accounts.get(t)?.cents ?? 0n), 0n);
  return {
    totalCents,
    rates,
    overview: {
      totalUsd: formatUsd(totalCents),
      totalBtc: centsToBtc(totalCents, rates.get('BTC')),
      accounts: list,
      unified: {
        equityUsd: formatUsd(unifiedCents),
        // The unified account holds no positions in the simulator: its margin in use is what its
        // borrowing ties up at the 10 % initial margin rate.
        marginUsd: formatUsd(divRound(loanCents, 10n, 'ceil')),
        loanUsd: formatUsd(loanCents),
        // The member info's isUnifiedAccount / upgradeToUnifiedAvailable are the same two.
        ...assets.unifiedStatus(userId),
        coins: unifiedCoins,
      },
      savings: {
        products,
        autoSaving: AUTO_SAVING_COINS.map((coin) => ({
          coin,
          isSupported: AUTO_SAVING_SUPPORTED.has(coin),
          isSelected: b.autoSaving.has(coin),
        })),
      },
      pledge: { loans, ...pledgeTerms() },
      bots,
      depositTo: assets.depositTo(userId),
      updatedAtE3: String(now),
    },
  };
}

export function assetOverview(
  assets: Assets,
  userId: number,
  market: Market,
  now: number,
): AssetOverview {
  return valuation(assets, userId, market, now).overview;
}

export function aggregateInfo(
  assets: Assets,
  userId: number,
  market: Market,
  now: number,
): AssetsAggregateInfo {
  const { overview } = valuation(assets, userId, market, now);
  const flags = assets.book(userId).compliance;
  const pending = assets.pendingCounts(userId);
  return {
    hasPendingAssets:
      pending.deposit + pending.withdraw + pending.transfer + flags.waitTaxCount > 0,
    isDisplayClear: flags.isDisplayClear,
    clearUserIdList: [...flags.clearUserIdList],
    eddGroupId: flags.eddGroupId,
    isNeedDoDepositAmlEdd: flags.isNeedDoDepositAmlEdd,
    isExistAmlClear: flags.isExistAmlClear,
    isExistDepositAml: flags.isExistDepositAml,
    isExistDepositBatchRelease: flags.isExistDepositBatchRelease,
    isExistUnTokenDeposit: flags.isExistUnTokenDeposit,
    withdrawPendingCount: pending.withdraw,
    depositPendingCount: pending.deposit,
    transferPendingCount: pending.transfer,
    waitTaxCount: flags.waitTaxCount,
    waitTravelRuleCount: pending.heldForTravelRule,
    isExistDepositUnauthentication_address: flags.isExistDepositUnauthentication_address,
    totalUsd: overview.totalUsd,
    totalBtc: overview.totalBtc,
    accounts: overview.accounts.map((a) => ({ accountType: a.accountType, usdValue: a.usdValue })),
    updatedAtE3: overview.updatedAtE3,
  };
}
