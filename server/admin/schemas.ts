/** Body schemas of the admin fault controls (unknown fields are refused, so typos fail loudly). */
import { PRIVATE_TOPICS } from '../../src/wire/protocol';
import { MAX_ADVANCE_MS } from './advance';

const stream = { type: 'string', enum: ['public', 'private'] } as const;
const userId = { type: 'integer', minimum: 1 } as const;
const topic = { type: 'string', minLength: 1, maxLength: 64 } as const;
const duration = { type: 'integer', minimum: 1, maximum: 86_400_000 } as const;

const obj = (properties: Record<string, object>, required: string[] = []) =>
  ({ type: 'object', additionalProperties: false, properties, required }) as const;

export const empty = obj({});
export const filter = obj({ stream, userId });
export const block = obj({ stream });
export const pause = obj(
  { topic, mode: { type: 'string', enum: ['hold', 'drop'] }, stream, userId, durationMs: duration },
  ['topic'],
);
export const resume = obj({ topic, stream, userId });
export const skipSeq = obj({
  topic,
  userId,
  count: { type: 'integer', minimum: 1, maximum: 1_000_000 },
});
export const malformed = obj({
  stream,
  userId,
  kind: { type: 'string', enum: ['truncated', 'not-json', 'bad-shape'] },
  text: { type: 'string', maxLength: 65_536 },
});
export const delay = obj(
  { ms: { type: 'integer', minimum: 0, maximum: 600_000 }, stream, userId, durationMs: duration },
  ['ms'],
);
export const count = obj({ count: { type: 'integer', minimum: 1, maximum: 1000 } });
export const rest = obj(
  {
    path: { type: 'string', pattern: '^/', maxLength: 256 },
    count: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    mode: { type: 'string', enum: ['error', 'hang', 'delay'] },
    status: { type: 'integer', minimum: 500, maximum: 599 },
    delayMs: duration,
  },
  ['path'],
);
export const snapshot = obj({ userId, topic: { type: 'string', enum: [...PRIVATE_TOPICS] } }, [
  'userId',
]);
export const advance = obj({ ms: { type: 'integer', minimum: 0, maximum: MAX_ADVANCE_MS } }, [
  'ms',
]);
export const userParam = {
  type: 'object',
  properties: { userId: { type: 'string', pattern: '^[0-9]{1,9}$' } },
  required: ['userId'],
} as const;

/** An operator's deposit: credited after the chain's confirmations (docs/simulator.md). */
export const deposit = obj(
  {
    userId,
    coin: { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Z0-9]+$' },
    chain: { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Z0-9_]+$' },
    amount: { type: 'string', minLength: 1, maxLength: 40 },
  },
  ['userId', 'coin', 'chain', 'amount'],
);

/** An operator's banner (docs/simulator.md): 'global_popup' is shown once per user as a popup. */
export const banner = obj(
  {
    id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
    title: { type: 'string', minLength: 1, maxLength: 500 },
    link: { type: 'string', maxLength: 500 },
    placement: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9_-]+$' },
  },
  ['id', 'title', 'placement'],
);
export const bannerParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
