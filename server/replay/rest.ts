/**
 * REST of `replay --serve`: every call of the call table, at the same paths as the simulator.
 * Snapshot endpoints answer the recorded bodies (the one recorded at or before the playback
 * position, else the first; the state built so far when the session recorded none). The rest
 * answers plausible data for the session's user: the demo account's profile and settings, the
 * copy profile (leader when the session holds leader data), rates and valuations from the
 * recorded tickers and wallets. Bybit V5 market REST is the simulator's own, with the recorded
 * tickers in place of simulated ones.
 */
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import { CALLS, type CallName } from '../../src/api/calls';
import { DEPOSIT_TO_KEY, depositAccountOf } from '../../src/api/deposit-to';
import { ERROR_CODES, ERROR_MESSAGES } from '../../src/api/error-codes';
import {
  ACCOUNT_TYPES,
  type AssetOverview,
  type AssetsAggregateInfo,
  type CopyProfile,
  type ExchangeRateResult,
  type IncomeHistoryResult,
  type LoginBody,
  type SavePrefSettingBody,
} from '../../src/api/types';
import { positionList } from '../../src/state/positions';
import type { StreamState } from '../../src/state/model';
import { SNAPSHOT_PATHS, type PrivateTopic, type Ticker } from '../../src/wire/protocol';
import { accountOf, DEMO_2FA_CODE, type AccountSpec } from '../accounts/demo';
import {
  cardPotentialOf,
  depositToValue,
  kycOf,
  memberInfoOf,
  profileOf,
  registerPermissionOf,
  riskInterceptOf,
  tagsAskedOf,
  tradeSwitchOf,
  type UnifiedStatus,
} from '../accounts/profiles';
import {
  AUTO_SAVING_COINS,
  AUTO_SAVING_SUPPORTED,
  chainSpec,
  coinInfoList,
  depositAddressOf,
  pledgeTerms,
  SAVINGS_PRODUCTS,
  withdrawLimitUsd,
} from '../assets/catalogue';
import { centsToBtc, formatUsd, usdCents, usdRates, type Rate } from '../market/rates';
import { decimalsOf, E8, formatTrimmed, parseFixed } from '../lib/fixed';
import { Market } from '../market/market';
import { Rng } from '../lib/rng';
import { errorEnvelope, okEnvelope } from '../rest/envelope';
import { registerMarketRoutes } from '../rest/market-routes';
import * as S from '../rest/schemas';
import type { ReplayWorld } from './world';

const DAY_MS = 86_400_000;
const CODE_RESEND_S = 60;

/** A raw recorded answer: sent as it was recorded. */
class Raw {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {}
}

/** A result answered with its own `time_now` (ms since the epoch), not the clock's. */
class AtTime {
  constructor(
    readonly result: unknown,
    readonly nowMs: number,
  ) {}
}

/** A business error (ret_code), with the catalogue's message unless one is given. */
class Refusal {
  constructor(
    readonly code: keyof typeof ERROR_MESSAGES,
    readonly message: string = ERROR_MESSAGES[code],
  ) {}
}

/** The answer to every call that would move money or change an account in a replay. */
export const REPLAY_CANNOT_MOVE =
  'This is a replay of a recorded session: it cannot move money or change an account.';

const EMPTY_PAGE = { list: [], nextCursor: '' };

/**
 * The unified account of a replay: not upgraded, and no upgrade offered (a replay cannot move
 * money). The overview's `unified` and the member info's unified fields are both this.
 */
const REPLAY_UNIFIED: UnifiedStatus = { upgraded: false, upgradeEligible: false };

/** SPEC 3's pending counts and compliance flags of a replay: nothing pending, no notice. */
const NO_PENDING = {
  hasPendingAssets: false,
  isDisplayClear: false,
  clearUserIdList: [],
  eddGroupId: '',
  isNeedDoDepositAmlEdd: false,
  isExistAmlClear: false,
  isExistDepositAml: false,
  isExistDepositBatchRelease: false,
  isExistUnTokenDeposit: false,
  withdrawPendingCount: 0,
  depositPendingCount: 0,
  transferPendingCount: 0,
  waitTaxCount: 0,
  waitTravelRuleCount: 0,
  isExistDepositUnauthentication_address: false,
};

interface Ctx {
  req: FastifyRequest;
  reply: FastifyReply;
  userId: number;
}
interface RouteDef {
  schema?: FastifySchema;
  handle(c: Ctx): unknown;
}

/** The session's user as a demo account, or a plain one shaped by what the session holds. */
function accountFor(world: ReplayWorld, userId: number): AccountSpec {
  const known = accountOf(userId);
  if (known) return known;
  const state = world.state();
  const copies = state['copytrade.position'].rows.size + state['copytrade.order'].rows.size > 0;
  return {
    userId,
    role: world.leader ? 'leader' : copies ? 'follower' : 'trader',
    nickName: `user${userId}`,
    email: `u${userId}@assetdeck.test`,
    mobile: '',
    vipLevel: 'No VIP',
    kycLevel: 1,
    region: 'GLOBAL',
    registerTimeE3: '1672531200000',
    balances: {},
    follows: copies && !world.leader ? [{ leaderId: 0, investment: '0', income: '0' }] : [],
    ...(world.leader
      ? { leader: { capital: '0', sharePct: 10, hedgeMode: false, removedInvestment: '0' } }
      : {}),
    trades: false,
  };
}

/** A topic's snapshot result built from the state played so far. */
function snapshotOf(state: StreamState, topic: PrivateTopic): unknown {
  switch (topic) {
    case 'wallet':
      return { list: [...state.wallet.rows.values()] };
    case 'copytrade.order':
      return { list: [...state['copytrade.order'].rows.values()] };
    case 'copytrade.position':
      return { list: positionList(state['copytrade.position']) };
    default:
      return state[topic];
  }
}

const rateOf = (coin: string, text: string): Rate | undefined => {
  try {
    const scale = decimalsOf(text);
    return { coin, text, n: parseFixed(text, scale), scale };
  } catch {
    return undefined;
  }
};

export interface RestDeps {
  world: ReplayWorld;
}

export function registerReplayRest(app: FastifyInstance, { world }: RestDeps): void {
  // Instruments and symbols that were not recorded come from a reference market, so the
  // dashboard's markets load as they do against the simulator.
  const market = new Market(new Rng(1, 1), world.epoch, 100);

  // Before the first snapshots are played, values come from them (what the snapshot
  // endpoints answer then), not from an empty state.
  const quotes = (): ReadonlyMap<string, Ticker> => world.valuationState().tickers;
  const rates = (): Map<string, Rate> => {
    const out = usdRates(market);
    for (const [symbol, q] of quotes()) {
      if (!symbol.endsWith('USDT') || typeof q.lastPrice !== 'string') continue;
      const coin = symbol.slice(0, -4);
      const r = rateOf(coin, q.lastPrice);
      if (r) out.set(coin, r);
    }
    return out;
  };
  const derivatives = () => {
    const r = rates();
    let cents = 0n;
    const coins = [...world.valuationState().wallet.rows.values()].map((w) => {
      const eq = BigInt(w.equityE8 ?? w.walletBalanceE8 ?? '0');
      const c = usdCents(eq, r.get(w.coin));
      cents += c;
      return {
        coin: w.coin,
        amount: formatTrimmed(eq, E8),
        available: formatTrimmed(BigInt(w.availableBalanceE8 ?? '0'), E8),
        usdValue: formatUsd(c),
      };
    });
    return { cents, coins: coins.filter((x) => x.amount !== '0'), btc: r.get('BTC') };
  };
  /**
   * What a replay knows of a user's assets: the derivatives wallets it played. Every other
   * account is empty (the recording holds no asset book), so the parts still add up.
   */
  const overview = (userId: number): AssetOverview => {
    const d = derivatives();
    return {
      totalUsd: formatUsd(d.cents),
      totalBtc: centsToBtc(d.cents, d.btc),
      accounts: ACCOUNT_TYPES.map((accountType) =>
        accountType === 'DERIVATIVES'
          ? { accountType, usdValue: formatUsd(d.cents), coins: d.coins }
          : { accountType, usdValue: '0.00', coins: [] },
      ),
      unified: {
        equityUsd: '0.00',
        marginUsd: '0.00',
        loanUsd: '0.00',
        ...REPLAY_UNIFIED,
        coins: [],
      },
      savings: {
        products: SAVINGS_PRODUCTS.map((p) => ({
          ...p,
          amount: '0',
          redeemable: '0',
          cumInterest: '0',
          lots: [],
        })),
        autoSaving: AUTO_SAVING_COINS.map((coin) => ({
          coin,
          isSupported: AUTO_SAVING_SUPPORTED.has(coin),
          isSelected: false,
        })),
      },
      // The terms are the simulator's (the same for every user); a recording holds no loans.
      pledge: { loans: [], ...pledgeTerms() },
      bots: [],
      // As the simulator reads the saved deposit_to (src/api/deposit-to.ts).
      depositTo: depositAccountOf(world.settings.prefSetting(userId).deposit_to, false),
      updatedAtE3: String(world.now()),
    };
  };
  const refuseMoving = (body: object): RouteDef => ({
    schema: { body },
    handle: () => new Refusal(ERROR_CODES.API_FORBIDDEN, REPLAY_CANNOT_MOVE),
  });
  const read = (f: (a: AccountSpec) => unknown): RouteDef => ({
    handle: (c) => f(accountFor(world, c.userId)),
  });
  const snapshot = (topic: PrivateTopic): RouteDef => ({
    handle: () => {
      const rec = world.recordedAnswer(SNAPSHOT_PATHS[topic]);
      if (rec) return new Raw(rec.status, rec.body);
      // Taken at the instant of the state it holds: no frame still to come is older than it.
      return new AtTime(snapshotOf(world.state(), topic), world.snapshotTime(topic));
    },
  });

  const table: { readonly [K in CallName]: RouteDef } = {
    login: {
      schema: { body: S.loginBody },
      handle(c) {
        const { username, password } = c.req.body as LoginBody;
        const r = world.login(username, password, c.req.socket.remoteAddress);
        if ('refused' in r) return new Refusal(r.refused);
        void c.reply.setCookie(world.cookieName, r.cookie, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
        });
        return { userId: r.userId };
      },
    },
    logout: {
      handle(c) {
        world.logout(c.req.cookies[world.cookieName]);
        void c.reply.clearCookie(world.cookieName, { httpOnly: true, sameSite: 'lax', path: '/' });
        return {};
      },
    },
    // Rate-limited per sign-in, as the simulator's: 10006 with the wait (message and header).
    oneTimeToken: {
      handle(c) {
        const r = world.issueToken(c.userId, c.req.cookies[world.cookieName]);
        if (r.ok) return { token: r.token, expiresAtE3: r.expiresAtE3 };
        void c.reply.header('retry-after', String(r.retryAfterS));
        return new Refusal(
          ERROR_CODES.RATE_LIMITED,
          `Too many stream tokens asked, please try again in ${r.retryAfterS} s. (retry-after: ${r.retryAfterS})`,
        );
      },
    },
    profile: read(profileOf),
    memberInfo: read((a) => memberInfoOf(a, REPLAY_UNIFIED)),
    userTags: {
      schema: { querystring: S.userTagsQuery },
      handle: (c) => tagsAskedOf(accountFor(world, c.userId), c.req.query),
    },
    registerPermission: read(registerPermissionOf),
    // One call reads (empty body) and saves (the keys given); all are answered.
    preferences: {
      schema: { body: S.preferencesBody },
      handle(c) {
        const patch = (c.req.body as Record<string, string | number> | undefined) ?? {};
        return Object.keys(patch).length === 0
          ? world.settings.preferences(c.userId)
          : world.settings.savePreferences(c.userId, patch);
      },
    },
    prefSetting: {
      schema: { body: S.prefSettingBody },
      handle(c) {
        const { key, value } = (c.req.body as Partial<SavePrefSettingBody> | undefined) ?? {};
        if (key === undefined || value === undefined) return world.settings.prefSetting(c.userId);
        // A replay's account is never upgraded (REPLAY_UNIFIED): Funding or Spot.
        const saved = key === DEPOSIT_TO_KEY ? depositToValue(value, false) : value;
        return world.settings.savePrefSetting(c.userId, key, saved);
      },
    },
    google2faVerify: {
      schema: { body: S.google2faBody },
      handle: (c) =>
        (c.req.body as { code: string }).code === DEMO_2FA_CODE
          ? { verified: true }
          : new Refusal(ERROR_CODES.BAD_VERIFICATION_CODE),
    },
    sendEmailCode: {
      schema: { body: S.codeBody },
      handle: () => ({ expireSeconds: 300, resendAfterSeconds: CODE_RESEND_S }),
    },
    sendMobileCode: {
      schema: { body: S.codeBody },
      handle: () => ({ expireSeconds: 300, resendAfterSeconds: CODE_RESEND_S }),
    },
    kycInfo: read(kycOf),
    tradeSwitch: read(tradeSwitchOf),
    defaultRiskIntercept: {
      handle: (c) =>
        c.userId === 0
          ? { intercept: false, riskType: '', message: '' }
          : riskInterceptOf(accountFor(world, c.userId)),
    },
    cardPotential: read(cardPotentialOf),
    wallets: snapshot('wallet'),
    risk: snapshot('risk'),
    exchangeRate: {
      schema: { querystring: S.exchangeRateQuery },
      handle: (): ExchangeRateResult => ({
        list: [...rates().values()].map((r) => ({ coin: r.coin, rate: r.text })),
      }),
    },
    assetOverview: { handle: (c): AssetOverview => overview(c.userId) },
    aggregateInfo: {
      handle(c): AssetsAggregateInfo {
        const o = overview(c.userId);
        return {
          ...NO_PENDING,
          totalUsd: o.totalUsd,
          totalBtc: o.totalBtc,
          accounts: o.accounts.map((a) => ({ accountType: a.accountType, usdValue: a.usdValue })),
          updatedAtE3: o.updatedAtE3,
        };
      },
    },
    // The records of a replay: none (a recording holds streams, not the asset books).
    transferList: { schema: { querystring: S.pageQuery }, handle: () => EMPTY_PAGE },
    depositList: { schema: { querystring: S.recordQuery }, handle: () => EMPTY_PAGE },
    withdrawList: { schema: { querystring: S.recordQuery }, handle: () => EMPTY_PAGE },
    // Derived as the simulator derives them: the same for a user on every run.
    depositAddress: {
      schema: { querystring: S.depositAddressQuery },
      handle(c) {
        const { coin, chain } = c.req.query as { coin: string; chain: string };
        const spec = chainSpec(coin, chain);
        if (!spec || !spec.depositEnabled) return new Refusal(ERROR_CODES.CHAIN_UNAVAILABLE);
        const a = depositAddressOf(c.userId, coin, chain);
        return { coin, chain, address: a.address, tag: spec.needTag ? a.tag : '' };
      },
    },
    coinInfo: {
      handle: (c) => {
        const limit = withdrawLimitUsd(accountFor(world, c.userId).kycLevel);
        return { list: coinInfoList(), withdrawLimitUsd: limit, withdrawLimitLeftUsd: limit };
      },
    },
    // A replay plays a recording back: nothing in it can move money or change an account.
    transfer: refuseMoving(S.transferBody),
    withdraw: refuseMoving(S.withdrawBody),
    collateralSwitch: refuseMoving(S.collateralSwitchBody),
    unifiedUpgrade: refuseMoving(S.emptyBody),
    savingsSubscribe: refuseMoving(S.savingsOrderBody),
    savingsRedeem: refuseMoving(S.savingsOrderBody),
    autoSaving: refuseMoving(S.autoSavingBody),
    pledgeRepay: refuseMoving(S.pledgeRepayBody),
    pledgeBorrow: refuseMoving(S.pledgeBorrowBody),
    chainAddressIsExchange: {
      schema: { querystring: S.chainAddressQuery },
      handle: () => ({ isExchange: false, exchangeName: '' }),
    },
    withdrawMessage: {
      schema: { querystring: S.withdrawMessageQuery },
      handle: () => ({ messages: [] }),
    },
    copyProfile: {
      handle: (c): CopyProfile => ({
        isLeader: world.leader,
        subMemberIdList: [],
        userId: c.userId,
      }),
    },
    copyAccount: snapshot('copytrade.account'),
    copyOrders: snapshot('copytrade.order'),
    copyPositions: snapshot('copytrade.position'),
    leaderWallet: snapshot('copytrade.leaderWallet'),
    leaderIncome: snapshot('copytrade.leaderIncome'),
    leaderIncomeHistory: {
      schema: { querystring: S.incomeHistoryQuery },
      handle(c): IncomeHistoryResult {
        if (!world.leader) return { list: [] };
        const days = Number((c.req.query as { days?: string }).days ?? '30');
        const today = Math.floor(world.now() / DAY_MS);
        const todayE8 = world.state()['copytrade.leaderIncome']?.todayShareProfitE8 ?? '0';
        const list = [];
        for (let d = today - days + 1; d <= today; d++) {
          list.push({ dateE3: String(d * DAY_MS), shareProfitE8: d === today ? todayE8 : '0' });
        }
        return { list };
      },
    },
    leaderBots: { handle: () => ({ list: [] }) },
    webConfig: {
      handle: () => ({
        deadpool: { copyTrade: true, earn: true, card: true, mt4: true, mt5: true, options: true },
        maintenance: false,
      }),
    },
    bannerConfig: { schema: { body: S.bannerBody }, handle: () => ({ list: [] }) },
    collect: {
      schema: { body: S.collectBody },
      handle: (c) => ({ accepted: (c.req.body as { events: unknown[] }).events.length }),
    },
  };

  for (const name of Object.keys(CALLS) as CallName[]) {
    const spec = CALLS[name];
    const def = table[name];
    app.route({
      method: spec.method,
      url: spec.path,
      ...(def.schema ? { schema: def.schema } : {}),
      handler: async (req, reply) => {
        world.served.rest++;
        const userId = world.sessionUser(req.cookies[world.cookieName]);
        if (spec.auth && userId === undefined) {
          return errorEnvelope(
            ERROR_CODES.NOT_LOGGED_IN,
            ERROR_MESSAGES[ERROR_CODES.NOT_LOGGED_IN],
            world.now(),
          );
        }
        const out = await def.handle({ req, reply, userId: userId ?? 0 });
        if (out instanceof Raw)
          return reply.code(out.status).type('application/json').send(out.body);
        if (out instanceof Refusal) return errorEnvelope(out.code, out.message, world.now());
        if (out instanceof AtTime) return okEnvelope(out.result ?? null, out.nowMs);
        return okEnvelope(out ?? null, world.now());
      },
    });
  }

  // The simulator's own V5 market routes, with the recorded quotes in place of the reference
  // market's where the session has them.
  registerMarketRoutes(app, {
    now: () => world.now(),
    symbols: () => market.symbols(),
    has: (symbol) => market.has(symbol),
    ticker: (symbol) => quotes().get(symbol) ?? market.ticker(symbol),
  });
}
