/**
 * The asset overview and aggregate info: every wallet kind of a user valued in USD cents from one
 * set of rates, so that the parts always add up to the total exactly.
 */
import type {
  AssetOverview,
  AssetsAggregateInfo,
  CoinBalance,
  EarnProduct,
  LeaderBot,
  UnifiedCoin,
} from '../../src/api/types';
import { botsOf, holdingsOf, SAVINGS_SUPPORTED } from '../accounts/holdings';
import type { Ledger } from '../engine/ledger';
import { divRound, E8, formatTrimmed, parseFixed } from '../lib/fixed';
import { instrumentOf } from '../market/instruments';
import type { Market } from '../market/market';
import { centsToBtc, formatUsd, usdCents, usdCentsOf, usdRates, type Rate } from '../market/rates';

type Rates = Map<string, Rate>;

function coins(
  balances: Record<string, string>,
  rates: Rates,
): { cents: bigint; list: CoinBalance[] } {
  let cents = 0n;
  const list: CoinBalance[] = [];
  for (const [coin, amount] of Object.entries(balances)) {
    const c = usdCentsOf(amount, rates.get(coin));
    cents += c;
    list.push({ coin, equity: amount, usdValue: formatUsd(c) });
  }
  return { cents, list };
}

function earnCents(products: readonly EarnProduct[], rates: Rates): bigint {
  return products.reduce((s, p) => s + usdCentsOf(p.amount, rates.get(p.token)), 0n);
}

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

interface Parts {
  overview: AssetOverview;
  accounts: { accountType: string; usdValue: string }[];
  totalCents: bigint;
}

function parts(l: Ledger, market: Market): Parts {
  const rates = usdRates(market);
  const h = holdingsOf(l.userId);

  let derivCents = 0n;
  const derivCoins: CoinBalance[] = [];
  for (const w of l.walletList()) {
    const eq = BigInt(w.equityE8 ?? '0');
    const c = usdCents(eq, rates.get(w.coin));
    derivCents += c;
    derivCoins.push({ coin: w.coin, equity: formatTrimmed(eq, E8), usdValue: formatUsd(c) });
  }
  const spot = coins(h.spot, rates);
  let unifiedCents = 0n;
  const unifiedCoins: UnifiedCoin[] = [];
  for (const [coin, [amount, collateral]] of Object.entries(h.unified)) {
    const c = usdCentsOf(amount, rates.get(coin));
    unifiedCents += c;
    unifiedCoins.push({
      coin,
      equity: amount,
      usdValue: formatUsd(c),
      collateralSwitch: collateral,
    });
  }
  const fiat = coins(h.fiat, rates);
  const cards = coins(h.cards, rates);
  const savings = coins(h.savings, rates);
  const bots = botsOf(l.userId).map((b) => botWire(b, market));
  const botCents = bots.reduce(
    (s, b) => s + usdCents(BigInt(b.investmentE8) + BigInt(b.pnlE8), rates.get('USDT')),
    0n,
  );
  const mt4 = parseFixed(h.mt4Usd, 2);
  const mt5 = parseFixed(h.mt5Usd, 2);
  const options = parseFixed(h.optionsUsd, 2);
  const pledge = earnCents(h.pledge, rates);
  const lending = earnCents(h.lending, rates);

  const accounts: [string, bigint][] = [
    ['DERIVATIVES', derivCents],
    ['SPOT', spot.cents],
    ['UNIFIED', unifiedCents],
    ['FIAT', fiat.cents],
    ['CARD', cards.cents],
    ['MT4', mt4],
    ['MT5', mt5],
    ['BOT', botCents],
    ['OPTION', options],
    ['SAVINGS', savings.cents],
    ['PLEDGE', pledge],
    ['LENDING', lending],
  ];
  const totalCents = accounts.reduce((s, [, c]) => s + c, 0n);
  return {
    totalCents,
    accounts: accounts.map(([accountType, c]) => ({ accountType, usdValue: formatUsd(c) })),
    overview: {
      totalUsd: formatUsd(totalCents),
      derivatives: { usdValue: formatUsd(derivCents), coins: derivCoins },
      spot: { usdValue: formatUsd(spot.cents), coins: spot.list },
      unified: { usdValue: formatUsd(unifiedCents), coins: unifiedCoins },
      fiat: { usdValue: formatUsd(fiat.cents), coins: fiat.list },
      cards: { usdValue: formatUsd(cards.cents), coins: cards.list },
      mt4: { usdValue: formatUsd(mt4) },
      mt5: { usdValue: formatUsd(mt5) },
      bots: { usdValue: formatUsd(botCents), count: bots.length },
      options: { usdValue: formatUsd(options) },
      savings: {
        usdValue: formatUsd(savings.cents),
        autoSaving: h.autoSavingCoins.length > 0,
        autoSavingCoins: [...h.autoSavingCoins],
        supportedCoins: [...SAVINGS_SUPPORTED],
      },
      pledge: h.pledge.map((p) => ({ ...p })),
      lending: h.lending.map((p) => ({ ...p })),
    },
  };
}

export function assetOverview(l: Ledger, market: Market): AssetOverview {
  return parts(l, market).overview;
}

export function aggregateInfo(l: Ledger, market: Market, now: number): AssetsAggregateInfo {
  const p = parts(l, market);
  return {
    totalUsd: formatUsd(p.totalCents),
    totalBtc: centsToBtc(p.totalCents, usdRates(market).get('BTC')),
    accounts: p.accounts,
    updatedAtE3: String(now),
  };
}
