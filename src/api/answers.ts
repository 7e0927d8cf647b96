/**
 * Schemas of the REST answers that decide who the user is and what money they see: the profile
 * and member info (identity, unified account), tags and permissions (roles), preferences (masking
 * of every amount), the copy-trade profile (leader or follower) and the assets area's figures and
 * receipts. Checked once per answer at this cold boundary with valibot (a few calls a minute, so
 * the library's cost does not matter here; the per-frame stream path keeps its hand-written
 * guards in src/wire/validate.ts, which the benchmark shows pay). An answer that does not match
 * is refused with ParseError (9000004) naming the call and the field, never half-used.
 */
import * as v from 'valibot';
import { ParseError } from './errors';
import type { CallName } from './calls';
import {
  ACCOUNT_TYPES,
  type AssetOverview,
  type AssetsAggregateInfo,
  type CopyProfile,
  type DepositAddress,
  type MemberInfo,
  type PledgeBorrowResult,
  type PrefSetting,
  type Preferences,
  type Profile,
  type RegisterPermission,
  type TransferResult,
  type UserTags,
  type WithdrawResult,
} from './types';

const int = v.pipe(v.number(), v.safeInteger());
/** A plain non-negative or negative decimal string ("12", "-0.5"): money never arrives as a number. */
const decimal = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'a decimal string'));
const intString = v.pipe(v.string(), v.regex(/^-?\d+$/, 'an integer string'));
const accountType = v.picklist(ACCOUNT_TYPES);

const profile = v.object({
  userId: int,
  nickName: v.string(),
  email: v.string(),
  mobile: v.string(),
  vipLevel: v.string(),
  kycLevel: int,
  registerTimeE3: intString,
  region: v.string(),
}) satisfies v.GenericSchema<Profile>;

const memberInfo = v.object({
  memberId: int,
  memberType: v.picklist(['NORMAL', 'SUB']),
  isUnifiedAccount: v.boolean(),
  upgradeToUnifiedAvailable: v.boolean(),
  google2faBound: v.boolean(),
  emailVerified: v.boolean(),
  mobileVerified: v.boolean(),
}) satisfies v.GenericSchema<MemberInfo>;

const userTags = v.object({ tags: v.array(v.string()) }) satisfies v.GenericSchema<UserTags>;

const registerPermission = v.object({
  canDeposit: v.boolean(),
  canWithdraw: v.boolean(),
  canTrade: v.boolean(),
  canTransfer: v.boolean(),
  restrictedRegion: v.boolean(),
}) satisfies v.GenericSchema<RegisterPermission>;

/** Unknown keys are kept (the spec's preferences are open-ended), but only strings or numbers. */
const preferences = v.objectWithRest(
  {
    showAssets: v.picklist([0, 1]),
    homeTradingPageUserGuide: v.picklist(['show', 'hide']),
  },
  v.union([v.string(), v.number()]),
) satisfies v.GenericSchema<Preferences>;

const prefSetting = v.objectWithRest(
  { deposit_to: v.string() },
  v.string(),
) satisfies v.GenericSchema<PrefSetting>;

const copyProfile = v.object({
  isLeader: v.boolean(),
  subMemberIdList: v.array(int),
  userId: int,
}) satisfies v.GenericSchema<CopyProfile>;

const coinBalance = v.object({
  coin: v.string(),
  amount: decimal,
  available: v.union([v.literal(''), decimal]),
  usdValue: decimal,
});

const assetOverview = v.object({
  totalUsd: decimal,
  totalBtc: decimal,
  accounts: v.array(v.object({ accountType, usdValue: decimal, coins: v.array(coinBalance) })),
  unified: v.object({
    equityUsd: decimal,
    marginUsd: decimal,
    loanUsd: decimal,
    upgraded: v.boolean(),
    upgradeEligible: v.boolean(),
    coins: v.array(
      v.object({
        ...coinBalance.entries,
        collateralSwitch: v.boolean(),
        collateralable: v.boolean(),
        borrowed: decimal,
      }),
    ),
  }),
  savings: v.object({
    products: v.array(
      v.object({
        productId: v.string(),
        coin: v.string(),
        apy: decimal,
        termDays: int,
        amount: decimal,
        redeemable: decimal,
        cumInterest: decimal,
        minAmount: decimal,
        lots: v.array(
          v.object({
            lotId: v.string(),
            amount: decimal,
            interest: decimal,
            subscribedAtE3: intString,
            maturesAtE3: intString,
            status: v.picklist(['LOCKED', 'MATURED']),
          }),
        ),
      }),
    ),
    autoSaving: v.array(
      v.object({ coin: v.string(), isSupported: v.boolean(), isSelected: v.boolean() }),
    ),
  }),
  pledge: v.object({
    loans: v.array(
      v.object({
        loanId: v.string(),
        loanCoin: v.string(),
        borrowed: decimal,
        collateralCoin: v.string(),
        collateralAmount: decimal,
        ltv: decimal,
        liquidationLtv: decimal,
        hourlyRate: decimal,
        createdAtE3: intString,
      }),
    ),
    loanCoins: v.array(v.object({ coin: v.string(), hourlyRate: decimal, minAmount: decimal })),
    collateralCoins: v.array(
      v.object({ coin: v.string(), initialLtv: decimal, liquidationLtv: decimal }),
    ),
  }),
  bots: v.array(
    v.object({
      botId: v.string(),
      symbol: v.string(),
      strategy: v.picklist(['grid', 'dca', 'martingale']),
      investmentE8: intString,
      pnlE8: intString,
      createdAtE3: intString,
      status: v.picklist(['running', 'paused']),
    }),
  ),
  depositTo: accountType,
  updatedAtE3: intString,
}) satisfies v.GenericSchema<AssetOverview>;

const count = v.pipe(int, v.minValue(0));
const aggregateInfo = v.object({
  hasPendingAssets: v.boolean(),
  isDisplayClear: v.boolean(),
  clearUserIdList: v.array(int),
  eddGroupId: v.string(),
  isNeedDoDepositAmlEdd: v.boolean(),
  isExistAmlClear: v.boolean(),
  isExistDepositAml: v.boolean(),
  isExistDepositBatchRelease: v.boolean(),
  isExistUnTokenDeposit: v.boolean(),
  withdrawPendingCount: count,
  depositPendingCount: count,
  transferPendingCount: count,
  waitTaxCount: count,
  waitTravelRuleCount: count,
  isExistDepositUnauthentication_address: v.boolean(),
  totalUsd: decimal,
  totalBtc: decimal,
  accounts: v.array(v.object({ accountType, usdValue: decimal })),
  updatedAtE3: intString,
}) satisfies v.GenericSchema<AssetsAggregateInfo>;

const transferResult = v.object({
  transferId: v.string(),
  status: v.literal('SUCCESS'),
}) satisfies v.GenericSchema<TransferResult>;

const withdrawResult = v.object({
  withdrawId: v.string(),
  status: v.picklist(['pending', 'success', 'failed']),
}) satisfies v.GenericSchema<WithdrawResult>;

const pledgeBorrowResult = v.object({
  loanId: v.pipe(v.string(), v.minLength(1)),
  status: v.literal('SUCCESS'),
}) satisfies v.GenericSchema<PledgeBorrowResult>;

const depositAddress = v.object({
  coin: v.string(),
  chain: v.string(),
  address: v.pipe(v.string(), v.minLength(1)),
  tag: v.string(),
}) satisfies v.GenericSchema<DepositAddress>;

/** The calls whose answers are checked, and their schemas. */
export const ANSWER_SCHEMAS: Partial<Record<CallName, v.GenericSchema>> = {
  profile,
  memberInfo,
  userTags,
  registerPermission,
  preferences,
  prefSetting,
  copyProfile,
  assetOverview,
  aggregateInfo,
  transfer: transferResult,
  withdraw: withdrawResult,
  pledgeBorrow: pledgeBorrowResult,
  depositAddress,
};

/**
 * `value` as the answer of call `name`: checked when the call has a schema (the parsed output,
 * so unknown fields of closed objects are dropped), as it is otherwise.
 */
export function checkAnswer<T>(name: CallName, value: unknown): T {
  const schema = ANSWER_SCHEMAS[name];
  if (!schema) return value as T;
  const r = v.safeParse(schema, value);
  if (r.success) return r.output as T;
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') || '(answer)';
  throw new ParseError(`${name}: ${path}: ${issue.message}`);
}
