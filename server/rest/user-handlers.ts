/** Session and user calls: sign-in/out, one-time token, profile, settings, 2FA and codes. */
import { DEPOSIT_TO_KEY } from '../../src/api/deposit-to';
import { ERROR_CODES } from '../../src/api/error-codes';
import type {
  Google2faVerifyBody,
  LoginBody,
  SavePrefSettingBody,
  SendCodeResult,
} from '../../src/api/types';
import { SESSION_TTL_MS } from '../accounts/auth';
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
} from '../accounts/profiles';
import { ApiError, paramError } from './envelope';
import { body, type Ctx, type HandlerTable, type RouteDef } from './table';
import {
  codeBody,
  google2faBody,
  loginBody,
  prefSettingBody,
  preferencesBody,
  userTagsQuery,
} from './schemas';

/** A new verification code may be requested once a minute per channel. */
const CODE_RESEND_S = 60;
const CODE_EXPIRE_S = 300;

/** 10006 with the wait, in the message ("retry-after: N", which the login page reads) and header. */
function rateLimited(c: Ctx, retryAfterS: number, what: string): ApiError {
  void c.reply.header('retry-after', String(retryAfterS));
  return new ApiError(
    ERROR_CODES.RATE_LIMITED,
    `${what}, please try again in ${retryAfterS} s. (retry-after: ${retryAfterS})`,
  );
}

function account(c: Ctx): AccountSpec {
  const a = accountOf(c.userId);
  if (!a) throw new ApiError(ERROR_CODES.NOT_LOGGED_IN);
  return a;
}

const read = (f: (a: AccountSpec) => unknown): RouteDef => ({ handle: (c) => f(account(c)) });

function sendCode(channel: 'email' | 'mobile'): RouteDef {
  return {
    schema: { body: codeBody },
    handle(c): SendCodeResult {
      const a = account(c);
      if (channel === 'mobile' && a.mobile === '')
        throw paramError('mobile', 'no mobile number is bound');
      const key = `${c.userId}:${channel}`;
      const now = c.sim.wall.now();
      const last = c.sim.settings.codeSentAt.get(key);
      if (last !== undefined && now - last < CODE_RESEND_S * 1000) {
        throw new ApiError(ERROR_CODES.RATE_LIMITED);
      }
      // Nothing is really sent: the simulator only keeps the real timings. The code
      // (DEMO_EMAIL_CODE) is valid for CODE_EXPIRE_S for the scene it was asked for.
      c.sim.settings.codeSentAt.set(key, now);
      c.sim.assets.codeSent(c.userId, channel, body<{ scene: string }>(c.req).scene, now);
      return { expireSeconds: CODE_EXPIRE_S, resendAfterSeconds: CODE_RESEND_S };
    },
  };
}

export const USER_HANDLERS = {
  login: {
    schema: { body: loginBody },
    async handle(c) {
      const { username, password } = body<LoginBody>(c.req);
      // The peer address (no proxy is trusted for it: through the Vite dev proxy every sign-in
      // comes from 127.0.0.1, which is what that proxy is for).
      const r = await c.sim.auth.login(username, password, c.req.socket.remoteAddress);
      if (!r.ok) {
        if (r.reason === 'rate-limited') {
          throw rateLimited(c, r.retryAfterS, 'Too many sign-in attempts');
        }
        throw new ApiError(ERROR_CODES.BAD_CREDENTIALS);
      }
      void c.reply.setCookie(c.sim.cookieName, r.sessionToken, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        maxAge: SESSION_TTL_MS / 1000,
      });
      return { userId: r.userId };
    },
  },
  logout: {
    // Ends the session: the cookie, its unused one-time tokens and its open private streams (4401).
    handle(c) {
      c.sim.auth.logout(c.req.cookies[c.sim.cookieName]);
      void c.reply.clearCookie(c.sim.cookieName, { httpOnly: true, sameSite: 'lax', path: '/' });
      return {};
    },
  },
  // Tied to the session it was asked under: signing out revokes it. Rate-limited per session.
  oneTimeToken: {
    handle(c) {
      const r = c.sim.auth.issueToken(c.userId, c.req.cookies[c.sim.cookieName]);
      if (!r.ok) throw rateLimited(c, r.retryAfterS, 'Too many stream tokens asked');
      return { token: r.token, expiresAtE3: r.expiresAtE3 };
    },
  },
  profile: read(profileOf),
  // The unified-account fields are the overview's (the asset book; the upgrade changes them).
  memberInfo: {
    handle: (c) => memberInfoOf(account(c), c.sim.assets.unifiedStatus(c.userId)),
  },
  userTags: {
    schema: { querystring: userTagsQuery },
    handle: (c) => tagsAskedOf(account(c), c.req.query),
  },
  registerPermission: read(registerPermissionOf),
  // One call reads and saves: an empty body reads, the keys given are saved; all are answered.
  preferences: {
    schema: { body: preferencesBody },
    handle(c) {
      const patch = body<Record<string, string | number> | undefined>(c.req) ?? {};
      if (Object.keys(patch).length === 0) return c.sim.settings.preferences(c.userId);
      return c.sim.settings.savePreferences(c.userId, patch);
    },
  },
  prefSetting: {
    schema: { body: prefSettingBody },
    handle(c) {
      const { key, value } = body<Partial<SavePrefSettingBody> | undefined>(c.req) ?? {};
      if (key === undefined || value === undefined) return c.sim.settings.prefSetting(c.userId);
      if (key !== DEPOSIT_TO_KEY) return c.sim.settings.savePrefSetting(c.userId, key, value);
      const { upgraded } = c.sim.assets.unifiedStatus(c.userId);
      return c.sim.settings.savePrefSetting(c.userId, key, depositToValue(value, upgraded));
    },
  },
  google2faVerify: {
    schema: { body: google2faBody },
    handle(c) {
      if (body<Google2faVerifyBody>(c.req).code !== DEMO_2FA_CODE) {
        throw new ApiError(ERROR_CODES.BAD_VERIFICATION_CODE);
      }
      return { verified: true };
    },
  },
  sendEmailCode: sendCode('email'),
  sendMobileCode: sendCode('mobile'),
  kycInfo: read(kycOf),
  tradeSwitch: read(tradeSwitchOf),
  // Public: without a session there is nothing to intercept.
  defaultRiskIntercept: {
    handle: (c) => {
      const a = accountOf(c.userId);
      return a ? riskInterceptOf(a) : { intercept: false, riskType: '', message: '' };
    },
  },
  cardPotential: read(cardPotentialOf),
} satisfies Partial<HandlerTable>;
