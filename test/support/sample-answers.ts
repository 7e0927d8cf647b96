/**
 * A well-formed answer for every call whose answer the client checks (src/api/answers.ts), for
 * fake servers that test the calls' method, path and payload rather than their content.
 */
import { ANSWER_SCHEMAS } from '@src/api/answers';
import { CALLS, type CallName } from '@src/api/calls';

const profile = {
  userId: 1001,
  nickName: 'follower',
  email: 'f***@assetdeck.test',
  mobile: '',
  vipLevel: 'VIP0',
  kycLevel: 1,
  registerTimeE3: '1700000000000',
  region: 'GLOBAL',
};

export const SAMPLE_ANSWERS: Partial<Record<CallName, unknown>> = {
  profile,
  memberInfo: {
    memberId: 1001,
    memberType: 'NORMAL',
    isUnifiedAccount: false,
    upgradeToUnifiedAvailable: true,
    google2faBound: true,
    emailVerified: true,
    mobileVerified: false,
  },
  userTags: { tags: ['copytrade_follower'] },
  registerPermission: {
    canDeposit: true,
    canWithdraw: true,
    canTrade: true,
    canTransfer: true,
    restrictedRegion: false,
  },
  preferences: { showAssets: 1, homeTradingPageUserGuide: 'hide' },
  prefSetting: { deposit_to: 'FUND' },
  copyProfile: { isLeader: false, subMemberIdList: [], userId: 1001 },
  assetOverview: {
    totalUsd: '0.00',
    totalBtc: '0',
    accounts: [{ accountType: 'SPOT', usdValue: '0.00', coins: [] }],
    unified: {
      equityUsd: '0.00',
      marginUsd: '0.00',
      loanUsd: '0.00',
      upgraded: false,
      upgradeEligible: true,
      coins: [],
    },
    savings: { products: [], autoSaving: [] },
    pledge: { loans: [] },
    bots: [],
    depositTo: 'FUND',
    updatedAtE3: '1700000000000',
  },
  aggregateInfo: {
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
    totalUsd: '0.00',
    totalBtc: '0',
    accounts: [],
    updatedAtE3: '1700000000000',
  },
  transfer: { transferId: 't-1', status: 'SUCCESS' },
  withdraw: { withdrawId: 'w-1', status: 'pending' },
  depositAddress: { coin: 'USDT', chain: 'TRX', address: 'TXYZabc', tag: '' },
};

// Every checked call has a sample (a new schema without one fails here, at import).
for (const name of Object.keys(ANSWER_SCHEMAS)) {
  if (!(name in SAMPLE_ANSWERS)) throw new Error(`test/support/sample-answers.ts: add ${name}`);
}

const BY_PATH = new Map(
  Object.entries(SAMPLE_ANSWERS).map(([name, answer]) => [CALLS[name as CallName].path, answer]),
);

/** The sample answer of the call served at `path` (with or without an /api prefix), if any. */
export function sampleAnswerFor(path: string): unknown {
  return BY_PATH.get(path) ?? BY_PATH.get(path.replace(/^\/api(?=\/)/, ''));
}
