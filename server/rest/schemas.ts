/**
 * JSON schemas of request bodies and query strings (Fastify validates them; a failure answers
 * 10001 with the offending field named). No type coercion: `"username": 1` is an error.
 */
import { SETTINGS_LIMITS } from '../accounts/profiles';

const str = (minLength: number, maxLength: number) =>
  ({ type: 'string', minLength, maxLength }) as const;

export const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: { username: str(1, 64), password: str(1, 128) },
} as const;

/** Empty: read the preferences; otherwise the keys to save. */
export const preferencesBody = {
  type: 'object',
  maxProperties: SETTINGS_LIMITS.maxKeys,
  propertyNames: { minLength: 1, maxLength: SETTINGS_LIMITS.maxKeyLength },
  properties: {
    showAssets: { type: 'integer', enum: [0, 1] },
    homeTradingPageUserGuide: { type: 'string', enum: ['show', 'hide'] },
  },
  additionalProperties: {
    anyOf: [{ type: 'string', maxLength: SETTINGS_LIMITS.maxValueLength }, { type: 'number' }],
  },
} as const;

/** Empty: read the page configs; otherwise one key and its value. */
export const prefSettingBody = {
  type: 'object',
  dependencies: { key: ['value'], value: ['key'] },
  additionalProperties: false,
  properties: {
    key: {
      type: 'string',
      minLength: 1,
      maxLength: SETTINGS_LIMITS.maxKeyLength,
      pattern: '^[A-Za-z0-9_.-]+$',
      // Names with a meaning to every JavaScript object are not settings (a reader that does not
      // expect them as data could take them for the object's own machinery).
      not: { enum: ['__proto__', 'constructor', 'prototype'] },
    },
    value: str(0, SETTINGS_LIMITS.maxValueLength),
  },
} as const;

export const google2faBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', pattern: '^[0-9]{6}$' } },
} as const;

export const codeBody = {
  type: 'object',
  required: ['scene'],
  properties: { scene: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z_]+$' } },
} as const;

/** The tag names asked about: one repeated query parameter (`tagNames=a&tagNames=b`). */
export const userTagsQuery = {
  type: 'object',
  properties: {
    tagNames: {
      anyOf: [str(1, 64), { type: 'array', maxItems: 32, items: str(1, 64) }],
    },
  },
} as const;

export const bannerBody = {
  type: 'object',
  properties: { placement: str(1, 64) },
} as const;

export const exchangeRateQuery = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', enum: ['USD'] } },
} as const;

export const chainAddressQuery = {
  type: 'object',
  required: ['address'],
  properties: { address: str(1, 128), chain: str(1, 32), coin: str(1, 16) },
} as const;

export const withdrawMessageQuery = {
  type: 'object',
  properties: { coin: str(1, 16), chain: str(1, 32) },
} as const;

export const incomeHistoryQuery = {
  type: 'object',
  properties: {
    days: { type: 'string', pattern: '^([1-9][0-9]{0,1}|[1-2][0-9]{2}|3[0-5][0-9]|36[0-5])$' },
  },
} as const;

const collectEvent = {
  type: 'object',
  required: [
    'name',
    'timestamp',
    'platform',
    'env',
    'userAgent',
    'pageUrl',
    'userId',
    'deviceId',
    'sessionId',
  ],
  properties: {
    name: str(1, 128),
    timestamp: { type: 'integer', minimum: 0 },
    platform: str(0, 32),
    env: str(0, 32),
    userAgent: str(0, 512),
    pageUrl: str(0, 2048),
    userId: str(0, 64),
    deviceId: str(0, 128),
    sessionId: str(0, 128),
    data: { type: 'object', maxProperties: 64 },
  },
} as const;

/** At most 100 events per batch. */
export const collectBody = {
  type: 'object',
  required: ['events'],
  properties: { events: { type: 'array', minItems: 1, maxItems: 100, items: collectEvent } },
} as const;

// ---- the user-assets area (docs/assets.md). Bounded strings, no unknown fields; the handlers
// answer the business codes (131xxx) for values of the right shape that are not valid.

const coin = { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Z0-9]+$' } as const;
const chain = { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Z0-9_]+$' } as const;
/** A decimal the handler parses (131005 when it is not a plain positive decimal). */
const amount = str(1, 40);
const accountType = {
  type: 'string',
  minLength: 1,
  maxLength: 16,
  pattern: '^[A-Z0-9_]+$',
} as const;
const requestId = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;
const code = str(0, 16);
const timeE3 = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;

const strict = (properties: Record<string, object>, required: string[] = []) =>
  ({ type: 'object', additionalProperties: false, properties, required }) as const;

export const transferBody = strict(
  { coin, amount, fromAccountType: accountType, toAccountType: accountType, requestId },
  ['coin', 'amount', 'fromAccountType', 'toAccountType', 'requestId'],
);

/** limit 1..50 and the previous page's cursor (query values are strings). */
const paging = {
  limit: { type: 'string', pattern: '^(?:[1-9]|[1-4][0-9]|50)$' },
  cursor: { type: 'string', pattern: '^[0-9]{0,12}$' },
} as const;

export const pageQuery = strict(paging);
export const recordQuery = strict({ ...paging, coin, startTimeE3: timeE3, endTimeE3: timeE3 });
export const depositAddressQuery = strict({ coin, chain }, ['coin', 'chain']);

export const withdrawBody = strict(
  {
    coin,
    chain,
    address: str(1, 128),
    tag: str(0, 64),
    amount,
    requestId,
    google2faCode: code,
    emailCode: code,
    mobileCode: code,
  },
  ['coin', 'chain', 'address', 'amount', 'requestId', 'google2faCode'],
);

export const collateralSwitchBody = strict({ coin, collateralSwitch: { type: 'boolean' } }, [
  'coin',
  'collateralSwitch',
]);
export const emptyBody = strict({});
export const savingsOrderBody = strict(
  {
    productId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' },
    amount,
    requestId,
  },
  ['productId', 'amount', 'requestId'],
);
export const autoSavingBody = strict({ coin, isSelected: { type: 'boolean' } }, [
  'coin',
  'isSelected',
]);
export const pledgeRepayBody = strict(
  {
    loanId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' },
    amount,
    requestId,
  },
  ['loanId', 'amount', 'requestId'],
);
export const pledgeBorrowBody = strict(
  {
    loanCoin: coin,
    loanAmount: amount,
    collateralCoin: coin,
    collateralAmount: amount,
    requestId,
  },
  ['loanCoin', 'loanAmount', 'collateralCoin', 'collateralAmount', 'requestId'],
);
