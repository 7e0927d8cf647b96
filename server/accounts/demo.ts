/**
 * The demo accounts (COMMON.md): who can sign in, who leads, who copies whom with how much, and
 * each account's starting balances. Amounts are USDT or coin units as decimal strings.
 */
import { demoLogin } from '../../src/config/demo';
import { E8, formatTrimmed, parseFixed } from '../lib/fixed';

type Role = 'follower' | 'leader' | 'trader' | 'newbie';

interface FollowSpec {
  leaderId: number;
  /** USDT put into copying this leader. */
  investment: string;
  /**
   * What the positions closed copying this leader before the simulation started made, after fees
   * and the leader's profit share (USDT; a loss is negative). It is in the follower's starting
   * USDT, and the ledger counts it, with the leader's share of a profit, in the follower's
   * all-time realised PnL and share paid (server/engine/ledger.ts), so a leader's follower list
   * does not start at zero beside years of profit share.
   */
  income: string;
}

export interface AccountSpec {
  userId: number;
  /** Absent for simulated accounts, which never sign in. */
  login?: { username: string; password: string };
  role: Role;
  nickName: string;
  email: string;
  mobile: string;
  vipLevel: string;
  kycLevel: number;
  region: string;
  registerTimeE3: string;
  /** Starting wallet balances per coin (USDT holds the copy-trading funds of a follower). */
  balances: Record<string, string>;
  follows: FollowSpec[];
  /** Leaders: capital the copy ratio is measured against, and the profit share they take. */
  leader?: { capital: string; sharePct: number; hedgeMode: boolean; removedInvestment: string };
  /** Accounts that trade on their own (leaders and the trader). */
  trades: boolean;
}

const follower = (userId: number, follows: FollowSpec[], extra: Record<string, string> = {}) => {
  // Investments and past incomes in cents at most (E8 keeps them exact).
  const usdt = follows.reduce(
    (sum, f) => sum + parseFixed(f.investment, E8) + parseFixed(f.income, E8),
    0n,
  );
  return {
    userId,
    role: 'follower' as const,
    nickName: `follower${userId}`,
    email: `u${userId}@assetdeck.test`,
    mobile: '',
    vipLevel: 'No VIP',
    kycLevel: 1,
    region: 'GLOBAL',
    registerTimeE3: '1672531200000',
    // What they put in and what it has made so far.
    balances: { USDT: formatTrimmed(usdt, E8), ...extra },
    follows,
    trades: false,
  };
};

export const ACCOUNTS: readonly AccountSpec[] = [
  {
    ...follower(
      1001,
      [
        { leaderId: 2001, investment: '5000', income: '412.5' },
        { leaderId: 2002, investment: '3000', income: '-85.2' },
        { leaderId: 2003, investment: '2000', income: '133.1' },
      ],
      { BTC: '0.15', ETH: '2.5', XRP: '1500', EOS: '800' },
    ),
    login: demoLogin('follower'),
    nickName: 'Follower',
    email: 'follower@assetdeck.test',
    mobile: '+44 7700 900123',
    kycLevel: 2,
  },
  follower(1002, [
    { leaderId: 2001, investment: '2000', income: '160' },
    { leaderId: 2002, investment: '1000', income: '41.3' },
  ]),
  follower(1003, [{ leaderId: 2001, investment: '1500', income: '98.75' }]),
  follower(1004, [{ leaderId: 2001, investment: '800', income: '-22.4' }]),
  follower(1005, [
    { leaderId: 2001, investment: '400', income: '35.6' },
    { leaderId: 2003, investment: '300', income: '12.05' },
  ]),
  {
    userId: 2001,
    login: demoLogin('leader'),
    role: 'leader',
    nickName: 'Leader',
    email: 'leader@assetdeck.test',
    mobile: '+44 7700 900456',
    vipLevel: 'VIP 2',
    kycLevel: 2,
    region: 'GLOBAL',
    registerTimeE3: '1640995200000',
    balances: { USDT: '50000', BTC: '0.5', ETH: '4' },
    follows: [],
    leader: { capital: '50000', sharePct: 10, hedgeMode: true, removedInvestment: '1250' },
    trades: true,
  },
  {
    userId: 2002,
    role: 'leader',
    nickName: 'SteadyHands',
    email: 'u2002@assetdeck.test',
    mobile: '',
    vipLevel: 'VIP 1',
    kycLevel: 2,
    region: 'GLOBAL',
    registerTimeE3: '1656633600000',
    balances: { USDT: '30000' },
    follows: [],
    leader: { capital: '30000', sharePct: 8, hedgeMode: false, removedInvestment: '0' },
    trades: true,
  },
  {
    userId: 2003,
    role: 'leader',
    nickName: 'MomentumLab',
    email: 'u2003@assetdeck.test',
    mobile: '',
    vipLevel: 'VIP 1',
    kycLevel: 2,
    region: 'GLOBAL',
    registerTimeE3: '1661990400000',
    balances: { USDT: '20000' },
    follows: [],
    leader: { capital: '20000', sharePct: 12, hedgeMode: true, removedInvestment: '600' },
    trades: true,
  },
  {
    userId: 3001,
    login: demoLogin('trader'),
    role: 'trader',
    nickName: 'Trader',
    email: 'trader@assetdeck.test',
    mobile: '+44 7700 900789',
    vipLevel: 'VIP 1',
    kycLevel: 2,
    region: 'GLOBAL',
    registerTimeE3: '1650000000000',
    balances: { USDT: '25000', BTC: '0.8', ETH: '6', XRP: '4000', EOS: '2500' },
    follows: [],
    trades: true,
  },
  {
    userId: 4001,
    login: demoLogin('newbie'),
    role: 'newbie',
    nickName: 'Newbie',
    email: 'newbie@assetdeck.test',
    mobile: '',
    vipLevel: 'No VIP',
    kycLevel: 0,
    region: 'GLOBAL',
    registerTimeE3: '1732060800000',
    balances: {},
    follows: [],
    trades: false,
  },
];

export function accountOf(userId: number): AccountSpec | undefined {
  return ACCOUNTS.find((a) => a.userId === userId);
}

export { DEMO_2FA_CODE } from '../../src/config/demo';
