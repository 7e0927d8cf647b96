/** Asset and copy-trade calls: the snapshots of the private topics and the valuations around them. */
import { DEPOSIT_TO_KEY } from '../../src/api/deposit-to';
import type {
  AutoSavingBody,
  ChainAddressIsExchange,
  CoinInfoResult,
  CollateralSwitchBody,
  CopyProfile,
  ExchangeRateResult,
  IncomeHistoryResult,
  PledgeBorrowBody,
  PledgeRepayBody,
  RecordQuery,
  SavingsOrderBody,
  TransferBody,
  WithdrawBody,
  WithdrawMessage,
} from '../../src/api/types';
import { botsOf } from '../accounts/holdings';
import { chainSpec, coinInfoList } from '../assets/catalogue';
import { formatUsd } from '../market/rates';
import { DAY_MS, dayOf } from '../engine/ledger';
import { usdRates } from '../market/rates';
import { aggregateInfo, assetOverview, botWire } from './overview';
import {
  autoSavingBody,
  chainAddressQuery,
  collateralSwitchBody,
  depositAddressQuery,
  emptyBody,
  exchangeRateQuery,
  incomeHistoryQuery,
  pageQuery,
  pledgeBorrowBody,
  pledgeRepayBody,
  recordQuery,
  savingsOrderBody,
  transferBody,
  withdrawBody,
  withdrawMessageQuery,
} from './schemas';
import { ERROR_CODES } from '../../src/api/error-codes';
import { ApiError } from './envelope';
import { body, query, type Ctx, type HandlerTable } from './table';
import { languageOf, withdrawMessagesIn } from './withdraw-messages';

const ledger = (c: Ctx) => c.sim.engine.ledger(c.userId);

/** A records query as the list functions take it (query values arrive as strings). */
function recordQueryOf(c: Ctx): RecordQuery {
  const q = query(c.req);
  return {
    ...(q.limit !== undefined ? { limit: Number(q.limit) } : {}),
    ...(q.cursor ? { cursor: q.cursor } : {}),
    ...(q.coin !== undefined ? { coin: q.coin } : {}),
    ...(q.startTimeE3 !== undefined ? { startTimeE3: q.startTimeE3 } : {}),
    ...(q.endTimeE3 !== undefined ? { endTimeE3: q.endTimeE3 } : {}),
  };
}

const DONE = { status: 'SUCCESS' } as const;

/** Well-known deposit addresses of other exchanges (lower case). */
const EXCHANGE_ADDRESSES: ReadonlyMap<string, string> = new Map([
  ['0x28c6c06298d514db089934071355e5743bf21d60', 'Binance'],
  ['0x21a31ee1afc51d94c2efccaa2092ad1028285549', 'Binance'],
  ['0x6cc5f688a315f3dc28a7781717a9a798a59fda7b', 'OKX'],
  ['0xa9d1e08c7793af67e9d92fe308d5697fb81d3e43', 'Coinbase'],
  ['tnxoiaxnvqwzxkkkqgoqlydw2d6fs6gwqp', 'Binance'],
]);

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
  assetOverview: {
    handle: (c) => assetOverview(c.sim.assets, c.userId, c.sim.market, c.sim.clock.now()),
  },
  aggregateInfo: {
    handle: (c) => aggregateInfo(c.sim.assets, c.userId, c.sim.market, c.sim.clock.now()),
  },
  transfer: {
    schema: { body: transferBody },
    handle: (c) => c.sim.assets.transfer(c.userId, body<TransferBody>(c.req)),
  },
  transferList: {
    schema: { querystring: pageQuery },
    handle: (c) => c.sim.assets.transferList(c.userId, recordQueryOf(c)),
  },
  depositAddress: {
    schema: { querystring: depositAddressQuery },
    handle(c) {
      const { coin, chain } = query(c.req);
      return c.sim.assets.depositAddress(c.userId, coin ?? '', chain ?? '');
    },
  },
  depositList: {
    schema: { querystring: recordQuery },
    handle: (c) => c.sim.assets.depositList(c.userId, recordQueryOf(c)),
  },
  withdrawList: {
    schema: { querystring: recordQuery },
    handle: (c) => c.sim.assets.withdrawList(c.userId, recordQueryOf(c)),
  },
  withdraw: {
    schema: { body: withdrawBody },
    handle: (c) => c.sim.assets.withdraw(c.userId, body<WithdrawBody>(c.req)),
  },
  coinInfo: {
    handle(c): CoinInfoResult {
      const { limitCents, usedCents } = c.sim.assets.withdrawLimits(c.userId);
      const left = limitCents > usedCents ? limitCents - usedCents : 0n;
      return {
        list: coinInfoList(),
        withdrawLimitUsd: formatUsd(limitCents),
        withdrawLimitLeftUsd: formatUsd(left),
      };
    },
  },
  collateralSwitch: {
    schema: { body: collateralSwitchBody },
    handle(c) {
      const b = body<CollateralSwitchBody>(c.req);
      c.sim.assets.collateralSwitch(c.userId, b.coin, b.collateralSwitch);
      return DONE;
    },
  },
  unifiedUpgrade: {
    schema: { body: emptyBody },
    handle(c) {
      c.sim.assets.upgrade(c.userId);
      // A saved Spot choice names the unified account now (the upgrade moved Spot's coins there):
      // the page config says where deposits go, as the overview does.
      if (c.sim.settings.prefSetting(c.userId).deposit_to === 'SPOT') {
        c.sim.settings.savePrefSetting(c.userId, DEPOSIT_TO_KEY, 'UNIFIED');
      }
      return DONE;
    },
  },
  savingsSubscribe: {
    schema: { body: savingsOrderBody },
    handle: (c) => c.sim.assets.savings(c.userId, 'subscribe', body<SavingsOrderBody>(c.req)),
  },
  savingsRedeem: {
    schema: { body: savingsOrderBody },
    handle: (c) => c.sim.assets.savings(c.userId, 'redeem', body<SavingsOrderBody>(c.req)),
  },
  autoSaving: {
    schema: { body: autoSavingBody },
    handle(c) {
      const b = body<AutoSavingBody>(c.req);
      c.sim.assets.autoSaving(c.userId, b.coin, b.isSelected);
      return DONE;
    },
  },
  pledgeRepay: {
    schema: { body: pledgeRepayBody },
    handle: (c) => c.sim.assets.repay(c.userId, body<PledgeRepayBody>(c.req)),
  },
  pledgeBorrow: {
    schema: { body: pledgeBorrowBody },
    handle: (c) => c.sim.assets.borrow(c.userId, body<PledgeBorrowBody>(c.req)),
  },
  chainAddressIsExchange: {
    schema: { querystring: chainAddressQuery },
    handle(c): ChainAddressIsExchange {
      const { coin, chain, address = '' } = query(c.req);
      // Asked for a coin's network: an address that is not one of that network is refused as a
      // withdrawal would be (131007), so the dashboard says so before it asks for any code.
      const spec = coin && chain ? chainSpec(coin, chain) : undefined;
      if (spec && !spec.address.test(address)) throw new ApiError(ERROR_CODES.INVALID_ADDRESS);
      const name = EXCHANGE_ADDRESSES.get(address.toLowerCase());
      return { isExchange: name !== undefined, exchangeName: name ?? '' };
    },
  },
  withdrawMessage: {
    schema: { querystring: withdrawMessageQuery },
    handle(c): WithdrawMessage {
      const { coin, chain } = query(c.req);
      return { messages: withdrawMessagesIn(languageOf(c.req.cookies), coin, chain) };
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
      list: ledger(c).leader
        ? botsOf(c.userId, c.sim.engine.startedAt).map((b) => botWire(b, c.sim.market))
        : [],
    }),
  },
} satisfies Partial<HandlerTable>;
