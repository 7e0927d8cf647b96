/**
 * Subscription bookkeeping of the connection machine: the wanted set after a topics event, ops
 * of at most MAX_TOPICS_PER_OP topics, refused topics (found one by one, dropped, never retried
 * in a loop) and ops that never got an answer.
 */
import { subscribeOp, unsubscribeOp, type ClientOp } from '../src/wire/protocol';
import { splitTopics, type ConnectionContext, type PendingOp } from './connection.context';
import type { ConnectionEvent } from './connection.types';

/**
 * Topics per subscribe/unsubscribe op: Bybit asks for at most 10 args per op on some streams and
 * servers refuse oversized ops; a long list goes out as several ops.
 */
const MAX_TOPICS_PER_OP = 10;

/** `topics` in groups of at most MAX_TOPICS_PER_OP. */
export function chunks(topics: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < topics.length; i += MAX_TOPICS_PER_OP) {
    out.push(topics.slice(i, i + MAX_TOPICS_PER_OP));
  }
  return out;
}

/** Ops to send, with their req ids; `pending` is extended with them. */
export interface OpPlan {
  seq: number;
  ids: string[];
  ops: ClientOp[];
}

/** One op per group of topics, numbered after `seq`, recorded in `pending` (mutated). */
export function planOps(
  kind: 'subscribe' | 'unsubscribe',
  groups: readonly (readonly string[])[],
  seq: number,
  pending: Record<string, PendingOp>,
  at: number,
): OpPlan {
  const plan: OpPlan = { seq, ids: [], ops: [] };
  for (const topics of groups) {
    plan.seq += 1;
    const reqId = String(plan.seq);
    plan.ids.push(reqId);
    pending[reqId] = { op: kind, topics, sentAt: at };
    plan.ops.push(kind === 'subscribe' ? subscribeOp(reqId, topics) : unsubscribeOp(reqId, topics));
  }
  return plan;
}

/**
 * A refused subscribe op of several topics does not say which of them the server refuses: each
 * is tried once more in an op of its own. A refused op of one topic is final. So a refusal costs
 * at most one extra op per topic and can never loop.
 */
const singles = (topics: readonly string[]): string[][] => topics.map((t) => [t]);

/** The context after the server refused `topics` (those the app still wants). */
function refusal(
  context: ConnectionContext,
  topics: readonly string[],
  reason: string,
): { update: Partial<ConnectionContext>; refused: string[] } {
  const refused = topics.filter((t) => context.wanted.includes(t));
  if (refused.length === 0) return { update: {}, refused };
  const gone = new Set(refused);
  return {
    refused,
    update: {
      refused: [...new Set([...context.refused, ...refused])].sort(),
      wanted: context.wanted.filter((t) => !gone.has(t)),
      active: context.active.filter((t) => !gone.has(t)),
      lastError: 'subscribe-rejected',
      lastErrorDetail: `${reason || 'subscribe failed'} (${refused.join(',')})`,
    },
  };
}

/**
 * What one refused subscribe op of `topics` does, wherever it is answered (on connecting or while
 * live): an op of several topics is planned again topic by topic (`retry`, added to `pending`);
 * an op of one topic is final: `refused` (those still wanted) leave the context (`update`) and
 * are reported with `reason`.
 */
export function onSubscribeRefused(
  context: ConnectionContext,
  topics: readonly string[],
  retMsg: string,
  pending: Record<string, PendingOp>,
  reqSeq: number,
): {
  retry: OpPlan | undefined;
  update: Partial<ConnectionContext>;
  refused: string[];
  reason: string;
} {
  const reason = retMsg || 'subscribe failed';
  if (topics.length > 1) {
    const retry = planOps('subscribe', singles(topics), reqSeq, pending, context.now());
    return { retry, update: {}, refused: [], reason };
  }
  const r = refusal(context, topics, retMsg);
  return { retry: undefined, update: r.update, refused: r.refused, reason };
}

export type TopicsEvent = Extract<
  ConnectionEvent,
  { type: 'TOPICS.ADD' | 'TOPICS.REMOVE' | 'TOPICS.SET' }
>;

export const isTopicsEvent = (e: ConnectionEvent): e is TopicsEvent =>
  e.type === 'TOPICS.ADD' || e.type === 'TOPICS.REMOVE' || e.type === 'TOPICS.SET';

/** The wanted set after a topics event; entries that are not topics of the stream are reported. */
export function nextWanted(
  context: ConnectionContext,
  event: TopicsEvent,
): Partial<ConnectionContext> {
  const listed: readonly unknown[] = Array.isArray(event.topics) ? event.topics : [];
  if (event.type === 'TOPICS.REMOVE') {
    const gone = new Set(listed);
    return {
      wanted: context.wanted.filter((t) => !gone.has(t)),
      refused: context.refused.filter((t) => !gone.has(t)),
    };
  }
  const { valid, invalid } = splitTopics(context.stream, listed);
  let refused = context.refused;
  if (event.type === 'TOPICS.SET') {
    // Topics no longer asked for leave the refused list: asking for them later tries again.
    const asked = new Set(valid);
    refused = refused.filter((t) => asked.has(t));
  }
  const out = new Set(refused);
  const wanted = (
    event.type === 'TOPICS.SET'
      ? valid
      : splitTopics(context.stream, [...context.wanted, ...valid]).valid
  ).filter((t) => !out.has(t));
  if (invalid.length === 0) return { wanted, refused };
  return {
    wanted,
    refused,
    lastError: 'invalid-topic',
    lastErrorDetail: `not ${context.stream} stream topics: ${JSON.stringify(invalid)}`,
  };
}

/**
 * Forgets pending ops past their time: an unsubscribe after `ttlMs`, a subscribe after the
 * subscribe timeout. A subscribe never answered is not subscribed as far as we know: its topics
 * leave `active` (so they are neither listed nor stale) and stay wanted, so the next change of
 * topics or the next connection asks again.
 */
export function expirePending(
  context: ConnectionContext,
  now: number,
  ttlMs: number,
): Partial<ConnectionContext> {
  const pending: Record<string, PendingOp> = {};
  const unanswered: string[] = [];
  for (const [id, p] of Object.entries(context.pending)) {
    const ttl = p.op === 'subscribe' ? context.timings.subscribeTimeoutMs : ttlMs;
    if (now - p.sentAt <= ttl) pending[id] = p;
    else if (p.op === 'subscribe') unanswered.push(...p.topics);
  }
  if (unanswered.length === 0) return { pending };
  const gone = new Set(unanswered);
  return {
    pending,
    active: context.active.filter((t) => !gone.has(t)),
    lastError: 'subscribe-timeout',
    lastErrorDetail: `no answer to subscribe (${unanswered.join(',')})`,
  };
}
