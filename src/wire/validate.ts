/**
 * Runtime validation of PROTOCOL.md section 5 entities, shared by the stream decoder and the
 * REST snapshot loaders.
 *
 * Hand-written, table-driven guards rather than a schema library: this runs for every item of
 * every frame on the ingest hot path, and `npm run bench` (section 4) measures valibot 1.0 at
 * 1.6 to 2.4 times the cost for the same checks on the same items (see docs/pipeline.md). The
 * guards also copy only the known fields into a fresh object, so nothing unknown (or
 * prototype-shaped) reaches the state, and build error paths only when a check fails.
 */
import type { PrivateTopic, Ticker, TopicEntity } from './protocol';

export class ValidationError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: expected ${expected}`);
    this.name = 'ValidationError';
  }
}

/** Field kinds: S string, I safe JSON integer, N integer string (E8/E4/E3), D decimal string. */
type Kind = 'S' | 'I' | 'N' | 'D' | 'F';

const INT_STR = /^-?\d+$/;
const DEC_STR = /^-?\d+(?:\.\d+)?$/;

export function isIntString(v: unknown): v is string {
  return typeof v === 'string' && INT_STR.test(v);
}
export function isDecimalString(v: unknown): v is string {
  return typeof v === 'string' && DEC_STR.test(v);
}
export function isSafeInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

const KIND_NAME: Record<Kind, string> = {
  S: 'string',
  I: 'integer within 2^53',
  N: 'integer string',
  D: 'decimal string',
  F: 'array of followers',
};

interface Spec {
  /** [field, kind, required] */
  fields: readonly (readonly [string, Kind, boolean])[];
}

const e = (name: string, required = false) => [name, 'N', required] as const;

const WALLET: Spec = {
  fields: [
    ['coin', 'S', true],
    e('availableBalanceE8'),
    e('walletBalanceE8'),
    e('equityE8'),
    e('givenCashE8'),
    e('serviceCashE8'),
    e('totalOrderBalanceE8'),
    e('totalPositionBalanceE8'),
    e('totalUnrealisedPnlE8'),
    e('totalUnrealisedPnlByBpE8'),
    e('totalUnrealisedPnlByLpE8'),
    e('totalUnrealisedPnlByMpE8'),
    e('cumRealisedPnlE8'),
    e('totalCrossCoveredLossE8'),
    e('afterCrossAbE8'),
    e('updatedAtE3', true),
    ['userId', 'I', false],
    ['walletVersion', 'I', true],
  ],
};

const RISK: Spec = {
  fields: [
    e('accountIMRateE4'),
    e('accountMMRateE4'),
    e('totalEquityE8'),
    e('totalInitialMarginE8'),
    e('totalMaintenanceMarginE8'),
    ['riskLevel', 'S', false],
    e('updatedAtE3', true),
  ],
};

const COPY_ACCOUNT: Spec = {
  fields: [
    e('assetsE8'),
    e('incomeE8'),
    e('yieldRateE4'),
    e('availableE8'),
    e('walletE8'),
    e('shareProfitE8'),
    e('cumRealisedPnlE8'),
    e('updatedAtE3', true),
  ],
};

const ORDER: Spec = {
  fields: [
    ['orderId', 'S', true],
    ['leaderUserId', 'I', false],
    ['symbol', 'S', false],
    ['side', 'S', false],
    ['orderType', 'S', false],
    ['price', 'D', false],
    ['qty', 'D', false],
    ['cumExecQty', 'D', false],
    ['copyTradeOrderStatus', 'S', false],
    e('createdAtE3'),
    e('updatedAtE3', true),
  ],
};

const POSITION: Spec = {
  fields: [
    ['symbol', 'S', true],
    ['positionIdx', 'I', true],
    ['userId', 'I', true],
    ['side', 'S', false],
    ['size', 'D', false],
    ['entryPrice', 'D', false],
    ['markPrice', 'D', false],
    ['leverage', 'D', false],
    ['liqPrice', 'D', false],
    e('unrealisedPnlE8'),
    e('createdAtE3'),
    e('updatedAtE3', true),
  ],
};

const LEADER_WALLET: Spec = {
  fields: [
    e('availableBalanceE8'),
    e('walletBalanceE8'),
    e('totalInvestmentE8'),
    e('totalRemovedInvestmentE8'),
    e('updatedAtE3', true),
  ],
};

const LEADER_INCOME: Spec = {
  fields: [
    ['followerCount', 'I', false],
    e('cumShareProfitE8'),
    e('todayShareProfitE8'),
    ['followers', 'F', false],
    e('updatedAtE3', true),
  ],
};

const FOLLOWER: Spec = {
  fields: [
    ['followerUserId', 'I', true],
    e('investmentE8', true),
    e('incomeE8', true),
    e('yieldRateE4', true),
  ],
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The checked value, or FAIL. Error paths are built only on failure: this runs per field. */
const FAIL = Symbol('fail');
function checkKind(kind: Kind, v: unknown, path: string, name: string): unknown {
  switch (kind) {
    case 'S':
      return typeof v === 'string' ? v : FAIL;
    case 'I':
      return isSafeInt(v) ? v : FAIL;
    case 'N':
      return isIntString(v) ? v : FAIL;
    case 'D':
      return isDecimalString(v) ? v : FAIL;
    case 'F':
      if (!Array.isArray(v)) return FAIL;
      return v.map((f, i) => validateWith(FOLLOWER, f, `${path}.${name}[${i}]`));
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

function validateWith(spec: Spec, raw: unknown, path: string): Record<string, unknown> {
  if (!isRecord(raw)) throw new ValidationError(path, 'object');
  const out: Record<string, unknown> = {};
  const fields = spec.fields;
  for (let i = 0; i < fields.length; i++) {
    const [name, kind, required] = fields[i] as Spec['fields'][number];
    // Own properties only: a JSON object never inherits data, and a field such as
    // `constructor` must not be read off Object.prototype (nor a polluted prototype).
    const v = raw[name];
    if (v === undefined || !hasOwn.call(raw, name)) {
      if (required) throw new ValidationError(`${path}.${name}`, `${KIND_NAME[kind]} (required)`);
      continue;
    }
    const checked = checkKind(kind, v, path, name);
    if (checked === FAIL) throw new ValidationError(`${path}.${name}`, KIND_NAME[kind]);
    out[name] = checked;
  }
  return out;
}

const SPECS: Record<PrivateTopic, Spec> = {
  wallet: WALLET,
  risk: RISK,
  'copytrade.account': COPY_ACCOUNT,
  'copytrade.order': ORDER,
  'copytrade.position': POSITION,
  'copytrade.leaderWallet': LEADER_WALLET,
  'copytrade.leaderIncome': LEADER_INCOME,
};

/** Validates one item of `topic`; throws ValidationError naming the offending field. */
export function validateEntity<T extends PrivateTopic>(
  topic: T,
  raw: unknown,
  path = 'item',
): TopicEntity[T] {
  return validateWith(SPECS[topic], raw, path) as unknown as TopicEntity[T];
}

/** Validates a list of items; the whole list is rejected if one item is invalid. */
export function validateEntities<T extends PrivateTopic>(
  topic: T,
  raw: unknown,
  path = 'data',
): TopicEntity[T][] {
  if (!Array.isArray(raw)) throw new ValidationError(path, 'array');
  const out: TopicEntity[T][] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = validateEntity(topic, raw[i], `${path}[${i}]`);
  return out;
}

/**
 * A Bybit V5 ticker payload: every field a string, `symbol` required. Held on a null-prototype
 * object so that any field name (even `__proto__`) is stored as data.
 */
export function validateTicker(raw: unknown, path = 'data'): Ticker {
  if (!isRecord(raw)) throw new ValidationError(path, 'object');
  const out = Object.create(null) as Record<string, string>;
  for (const k of Object.keys(raw)) {
    const v = raw[k];
    if (typeof v !== 'string') throw new ValidationError(`${path}.${k}`, 'string');
    out[k] = v;
  }
  if (typeof out.symbol !== 'string')
    throw new ValidationError(`${path}.symbol`, 'string (required)');
  return out as Ticker;
}
