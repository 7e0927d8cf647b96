/** Asset and copy-trade calls: the snapshots of the private topics and the valuations around them. */
import type {
  ChainAddressIsExchange,
  CopyProfile,
  ExchangeRateResult,
  IncomeHistoryResult,
  WithdrawMessage,
} from '../../src/api/types';
import { botsOf } from '../accounts/holdings';
import { DAY_MS, dayOf } from '../engine/ledger';
import { usdRates } from '../market/rates';
import { aggregateInfo, assetOverview, botWire } from './overview';
import {
  chainAddressQuery,
  exchangeRateQuery,
  incomeHistoryQuery,
  withdrawMessageQuery,
} from './schemas';
import { query, type Ctx, type HandlerTable } from './table';

const ledger = (c: Ctx) => c.sim.engine.ledger(c.userId);

/** Well-known deposit addresses of other exchanges (lower case). */
const EXCHANGE_ADDRESSES: ReadonlyMap<string, string> = new Map([
  ['0x28c6c06298d514db089934071355e5743bf21d60', 'Binance'],
  ['0x21a31ee1afc51d94c2efccaa2092ad1028285549', 'Binance'],
  ['0x6cc5f688a315f3dc28a7781717a9a798a59fda7b', 'OKX'],
  ['0xa9d1e08c7793af67e9d92fe308d5697fb81d3e43', 'Coinbase'],
  ['tnxoiaxnvqwzxkkkqgoqlydw2d6fs6gwqp', 'Binance'],
]);

const WITHDRAW_MESSAGES: WithdrawMessage['messages'] = [
  {
    coin: 'USDT',
    chain: 'TRX',
    text: 'TRC20 withdrawals may take up to 30 minutes when the network is busy.',
  },
  {
    coin: 'USDT',
    chain: 'ETH',
    text: 'ERC20 network fees are high at the moment; consider another chain.',
  },
  {
    coin: 'XRP',
    chain: 'XRP',
    text: 'Most exchange addresses need a destination tag: check it before you confirm.',
  },
  { coin: 'EOS', chain: 'EOS', text: 'A memo is required for deposits to exchanges.' },
];

export const ASSET_HANDLERS = {
  wallets: { handle: (c) => ({ list: ledger(c).walletList() }) },
  risk: { handle: (c) => ledger(c).risk },
  exchangeRate: {
    schema: { querystring: exchangeRateQuery },
    handle(c): ExchangeRateResult {
      return {
        list: [...usdRates(c.sim.market).values()].map((r) => ({ coin: r.coin, rate: r.text })),
      };
    },
  },
  assetOverview: { handle: (c) => assetOverview(ledger(c), c.sim.market) },
  aggregateInfo: { handle: (c) => aggregateInfo(ledger(c), c.sim.market, c.sim.clock.now()) },
  chainAddressIsExchange: {
    schema: { querystring: chainAddressQuery },
    handle(c): ChainAddressIsExchange {
      const name = EXCHANGE_ADDRESSES.get((query(c.req).address ?? '').toLowerCase());
      return { isExchange: name !== undefined, exchangeName: name ?? '' };
    },
  },
  withdrawMessage: {
    schema: { querystring: withdrawMessageQuery },
    handle(c): WithdrawMessage {
      const { coin, chain } = query(c.req);
      const messages = WITHDRAW_MESSAGES.filter(
        (m) =>
          (coin === undefined || m.coin === coin) && (chain === undefined || m.chain === chain),
      );
      return { messages };
    },
  },
  copyProfile: {
    handle(c): CopyProfile {
      const l = ledger(c);
      return { isLeader: l.leader !== undefined, subMemberIdList: [], userId: c.userId };
    },
  },
  copyAccount: { handle: (c) => ledger(c).account },
  copyOrders: { handle: (c) => ({ list: ledger(c).keptOrders() }) },
  copyPositions: { handle: (c) => ({ list: ledger(c).positionList() }) },
  leaderWallet: { handle: (c) => ledger(c).leaderWallet },
  leaderIncome: { handle: (c) => ledger(c).leaderIncome },
  leaderIncomeHistory: {
    schema: { querystring: incomeHistoryQuery },
    handle(c): IncomeHistoryResult {
      const l = ledger(c);
      if (!l.leader) return { list: [] };
      const days = Number(query(c.req).days ?? '30');
      const today = dayOf(c.sim.clock.now());
      const list = [];
      for (let d = today - days + 1; d <= today; d++) {
        list.push({
          dateE3: String(d * DAY_MS),
          shareProfitE8: (d === today
            ? l.leader.todayShareE8
            : (l.leader.shareByDay.get(d) ?? 0n)
          ).toString(),
        });
      }
      return { list };
    },
  },
  leaderBots: {
    handle: (c) => ({
      list: ledger(c).leader ? botsOf(c.userId).map((b) => botWire(b, c.sim.market)) : [],
    }),
  },
} satisfies Partial<HandlerTable>;
