/**
 * Per-user account data behind the user endpoints: profile, member info, tags, permissions, KYC,
 * and the settings a user can change (display preferences, page configs), kept in memory.
 */
import type {
  CardPotential,
  KycInfo,
  MemberInfo,
  PrefSetting,
  Preferences,
  Profile,
  RegisterPermission,
  RiskIntercept,
  TradeSwitch,
  UserTags,
} from '../../src/api/types';
import { depositAccounts, depositToSetting } from '../../src/api/deposit-to';
import { withdrawLimitUsd } from '../assets/catalogue';
import { paramError } from '../rest/envelope';
import type { AccountSpec } from './demo';

/** "follower@assetdeck.test" -> "f***@assetdeck.test". */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** "+44 7700 900123" -> "+44 ****0123". */
function maskMobile(mobile: string): string {
  if (mobile === '') return '';
  const digits = mobile.replace(/\D/g, '');
  const cc = mobile.startsWith('+')
    ? mobile.slice(0, mobile.indexOf(' ') > 0 ? mobile.indexOf(' ') : 3)
    : '';
  return `${cc} ****${digits.slice(-4)}`.trim();
}

export function profileOf(a: AccountSpec): Profile {
  return {
    userId: a.userId,
    nickName: a.nickName,
    email: maskEmail(a.email),
    mobile: maskMobile(a.mobile),
    vipLevel: a.vipLevel,
    kycLevel: a.kycLevel,
    registerTimeE3: a.registerTimeE3,
    region: a.region,
  };
}

/** Whether the user has a unified trading account, and whether the upgrade is open to them. */
export interface UnifiedStatus {
  upgraded: boolean;
  upgradeEligible: boolean;
}

/**
 * The member info. Its unified-account fields are the overview's `unified.upgraded` and
 * `unified.upgradeEligible`, given by the caller from the one place that decides them (the
 * simulator's asset book, `Assets.unifiedStatus`; the replay server's own overview), so the two
 * answers can never disagree.
 */
export function memberInfoOf(a: AccountSpec, unified: UnifiedStatus): MemberInfo {
  return {
    memberId: a.userId,
    memberType: 'NORMAL',
    isUnifiedAccount: unified.upgraded,
    upgradeToUnifiedAvailable: unified.upgradeEligible,
    google2faBound: a.role !== 'newbie',
    emailVerified: true,
    mobileVerified: a.mobile !== '',
  };
}

export function tagsOf(a: AccountSpec): UserTags {
  const tags: string[] = [];
  if (a.follows.length > 0) tags.push('copytrade_follower');
  if (a.leader) tags.push('copytrade_leader');
  if (a.role === 'newbie') tags.push('new_user', 'vip_welcome');
  if (a.role === 'trader') tags.push('derivatives_pro');
  return { tags };
}

/**
 * The user's tags among those asked about (`tagNames`, one name or a repeated query parameter);
 * every tag of the user when none are named.
 */
export function tagsAskedOf(a: AccountSpec, query: unknown): UserTags {
  const asked = (query as { tagNames?: string | string[] } | undefined)?.tagNames;
  const { tags } = tagsOf(a);
  if (asked === undefined) return { tags };
  const names = new Set(typeof asked === 'string' ? [asked] : asked);
  return { tags: tags.filter((t) => names.has(t)) };
}

export function registerPermissionOf(a: AccountSpec): RegisterPermission {
  const verified = a.kycLevel > 0;
  return {
    canDeposit: true,
    // An unverified user may not withdraw (refused with 131020, WITHDRAW_NOT_PERMITTED); moving
    // money between their own accounts needs no verification.
    canWithdraw: verified,
    canTrade: true,
    canTransfer: true,
    restrictedRegion: false,
  };
}

export function kycOf(a: AccountSpec): KycInfo {
  return {
    level: a.kycLevel,
    status: a.kycLevel > 0 ? 'VERIFIED' : 'NONE',
    country: a.kycLevel > 0 ? 'GB' : '',
    // the limit the withdrawals are held to (coin-info's withdrawLimitUsd), not a second figure
    dailyWithdrawLimitUsd: withdrawLimitUsd(a.kycLevel),
  };
}

export function tradeSwitchOf(a: AccountSpec): TradeSwitch {
  return {
    spot: true,
    derivatives: true,
    copyTrade: a.role !== 'trader',
    options: a.role === 'trader',
  };
}

export function riskInterceptOf(a: AccountSpec): RiskIntercept {
  return a.role === 'newbie'
    ? {
        intercept: true,
        riskType: 'DERIVATIVES_QUIZ',
        message: 'Please complete the derivatives knowledge quiz before trading.',
      }
    : { intercept: false, riskType: '', message: '' };
}

export function cardPotentialOf(a: AccountSpec): CardPotential {
  return a.kycLevel >= 2
    ? { eligible: true, cardType: 'VIRTUAL' }
    : { eligible: false, cardType: '' };
}

/**
 * The value to store for a `deposit_to` save: '' or one of the user's deposit accounts by its
 * account name ("funding" and any case taken); 10001, nothing saved, for anything else.
 */
export function depositToValue(value: string, upgraded: boolean): string {
  const v = depositToSetting(value, upgraded);
  if (v === undefined) {
    throw paramError('value', `deposit_to: one of ${depositAccounts(upgraded).join(', ')}`);
  }
  return v;
}

/** Limits on what a user may store in preferences and page configs. */
export const SETTINGS_LIMITS = { maxKeys: 64, maxKeyLength: 64, maxValueLength: 1024 } as const;

export class UserSettings {
  private readonly prefs = new Map<number, Preferences>();
  private readonly configs = new Map<number, PrefSetting>();
  /** When each user last asked for a code, per channel (rate limit). */
  readonly codeSentAt = new Map<string, number>();

  preferences(userId: number): Preferences {
    return { ...(this.prefs.get(userId) ?? { showAssets: 1, homeTradingPageUserGuide: 'hide' }) };
  }

  /** Saves the keys given; refused (10001, nothing saved) when the user would hold over maxKeys. */
  savePreferences(userId: number, patch: Record<string, string | number>): Preferences {
    const next = Object.assign(Object.create(null) as Preferences, this.preferences(userId), patch);
    if (Object.keys(next).length > SETTINGS_LIMITS.maxKeys) {
      throw paramError('body', `at most ${SETTINGS_LIMITS.maxKeys} preferences`);
    }
    this.prefs.set(userId, { ...next });
    return this.preferences(userId);
  }

  prefSetting(userId: number): PrefSetting {
    return { ...(this.configs.get(userId) ?? { deposit_to: '' }) };
  }

  /** Saves one page config; a new key is refused (10001) when the user holds maxKeys already. */
  savePrefSetting(userId: number, key: string, value: string): PrefSetting {
    const cur = this.prefSetting(userId);
    // Own keys only: `in` also finds Object.prototype's (`isPrototypeOf`, `toString`), and each
    // such name went past the limit.
    if (!Object.hasOwn(cur, key) && Object.keys(cur).length >= SETTINGS_LIMITS.maxKeys) {
      throw paramError('key', `at most ${SETTINGS_LIMITS.maxKeys} settings`);
    }
    const next = Object.assign(Object.create(null) as PrefSetting, cur, { [key]: value });
    this.configs.set(userId, { ...next });
    return this.prefSetting(userId);
  }
}
