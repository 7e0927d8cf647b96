/**
 * What each stream does with a client frame. Public: subscribe/unsubscribe tickers (a snapshot
 * first, then deltas), ping. Private: auth with a one-time token first, then subscribe to the
 * user's topics; seq per topic; pongs carry the server time.
 */
import { isPrivateTopic } from '../../src/wire/protocol';
import type { Auth } from '../accounts/auth';
import type { Clock } from '../clock';
import type { Market } from '../market/market';
import { CLOSE_TRY_AGAIN, CLOSE_UNAUTHORIZED, type Conn } from './conn';
import type { Hub } from './hub';
import { TOO_MANY_REQUESTS } from './intake';
import { parseOp, privateReply, publicReply } from './ops';

export interface StreamDeps {
  clock: Clock;
  market: Market;
  hub: Hub;
  auth: Auth;
}

const TICKER_PREFIX = 'tickers.';

/** Sends the current ticker of `topic` as a snapshot frame. */
export function sendTickerSnapshot(deps: StreamDeps, conn: Conn, topic: string): void {
  const symbol = topic.slice(TICKER_PREFIX.length);
  const s = deps.market.state(symbol);
  const frame = {
    topic,
    type: 'snapshot',
    ts: deps.clock.now(),
    cs: s.cs,
    data: deps.market.ticker(symbol),
  };
  conn.data(topic, JSON.stringify(frame));
}

function isTickerTopic(deps: StreamDeps, topic: string): boolean {
  return topic.startsWith(TICKER_PREFIX) && deps.market.has(topic.slice(TICKER_PREFIX.length));
}

/** A public client frame; `allowed`: within the op allowance (counted before parsing). */
export interface SubscribePlan {
  /** Topics to add (subscribe) or remove (unsubscribe). */
  topics: string[];
  /** The answer's error: the first problem, '' when there is none. */
  error: string;
}

/**
 * What a subscribe op does, as the exchange answers it: the valid topics are taken even when the
 * answer is `success:false` for the others; a topic the public stream already has is refused
 * (`already subscribed`), a private one is simply kept. Shared with `replay --serve`.
 */
export function planSubscribe(
  stream: 'public' | 'private',
  current: ReadonlySet<string>,
  args: readonly string[],
  valid: (topic: string) => boolean,
): SubscribePlan {
  if (args.length === 0) return { topics: [], error: 'error:args must name at least one topic' };
  const topics: string[] = [];
  let error = '';
  for (const topic of args) {
    if (!valid(topic)) error ||= 'error:handler not found';
    else if (stream === 'public' && (current.has(topic) || topics.includes(topic)))
      error ||= `error:already subscribed,topic:${topic}`;
    else if (!topics.includes(topic)) topics.push(topic);
  }
  return { topics, error };
}

/** What an unsubscribe op does: every valid topic goes; an unknown one makes the answer fail. */
export function planUnsubscribe(
  stream: 'public' | 'private',
  args: readonly string[],
  valid: (topic: string) => boolean,
): SubscribePlan {
  if (args.length === 0 && stream === 'private')
    return { topics: [], error: 'error:args must name at least one topic' };
  const topics = args.filter(valid);
  return { topics, error: topics.length === args.length ? '' : 'error:handler not found' };
}

/** A private pong: `{req_id?, op:"pong", args:["<ms>"], conn_id}` (PROTOCOL.md section 4). */
export function privatePong(conn: Conn, reqId: string | undefined, nowMs: number): void {
  const r: Record<string, unknown> = {};
  if (reqId !== undefined) r.req_id = reqId;
  r.op = 'pong';
  r.args = [String(nowMs)];
  r.conn_id = conn.id;
  conn.reply(r);
}

/** A public client frame; `allowed`: within the op allowance (counted before parsing). */
export function onPublicFrame(deps: StreamDeps, conn: Conn, text: string, allowed = true): void {
  const p = parseOp(text);
  if (!allowed) return publicReply(conn, p.op, p.reqId, false, TOO_MANY_REQUESTS);
  if (!p.ok) return publicReply(conn, p.op, p.reqId, false, p.message);
  const valid = (topic: string) => isTickerTopic(deps, topic);
  switch (p.op) {
    case 'ping':
      return publicReply(conn, 'ping', p.reqId, true, 'pong');
    case 'pong':
      return; // an answer to a server ping (some Bybit clients send it): nothing to do
    case 'subscribe': {
      const plan = planSubscribe('public', conn.topics, p.args, valid);
      for (const topic of plan.topics) deps.hub.subscribeTicker(conn, topic);
      publicReply(conn, 'subscribe', p.reqId, plan.error === '', plan.error);
      for (const topic of plan.topics) sendTickerSnapshot(deps, conn, topic);
      return;
    }
    case 'unsubscribe': {
      const plan = planUnsubscribe('public', p.args, valid);
      for (const topic of plan.topics) deps.hub.unsubscribeTicker(conn, topic);
      return publicReply(conn, 'unsubscribe', p.reqId, plan.error === '', plan.error);
    }
    default:
      return publicReply(conn, p.op, p.reqId, false, unknownOp(p.op));
  }
}

export const unknownOp = (op: string) => `error:unknown op ${JSON.stringify(op)}`;

export const TOKEN_ERRORS = {
  invalid: 'error:invalid token',
  expired: 'error:token expired',
  used: 'error:token already used',
  rejected: 'error:token rejected',
} as const;

/** A private client frame; `allowed`: within the op allowance (counted before parsing). */
export function onPrivateFrame(deps: StreamDeps, conn: Conn, text: string, allowed = true): void {
  const p = parseOp(text);
  if (!allowed) return privateReply(conn, p.op, p.reqId, false, TOO_MANY_REQUESTS);
  if (!p.ok) return privateReply(conn, p.op, p.reqId, false, p.message);
  switch (p.op) {
    case 'ping':
      return privatePong(conn, p.reqId, deps.clock.now());
    case 'pong':
      return;
    case 'auth': {
      if (conn.authed)
        return privateReply(conn, 'auth', p.reqId, false, 'error:already authenticated');
      const check = deps.auth.useToken(p.args[0]);
      if (!check.ok) {
        privateReply(conn, 'auth', p.reqId, false, TOKEN_ERRORS[check.reason]);
        // At once (PROTOCOL.md section 4), after the answer; from here on nothing is taken.
        conn.close(CLOSE_UNAUTHORIZED, 'unauthorized', { now: true });
        return;
      }
      const refused = deps.hub.bindUser(conn, check.userId, check.session);
      if (refused) {
        privateReply(conn, 'auth', p.reqId, false, `error:${refused}`);
        conn.close(CLOSE_TRY_AGAIN, refused, { now: true });
        return;
      }
      return privateReply(conn, 'auth', p.reqId, true, '');
    }
    case 'subscribe':
    case 'unsubscribe': {
      if (!conn.authed) return privateReply(conn, p.op, p.reqId, false, 'error:not authenticated');
      const plan =
        p.op === 'subscribe'
          ? planSubscribe('private', conn.topics, p.args, isPrivateTopic)
          : planUnsubscribe('private', p.args, isPrivateTopic);
      for (const topic of plan.topics) {
        if (p.op === 'subscribe') conn.topics.add(topic);
        else conn.topics.delete(topic);
      }
      return privateReply(conn, p.op, p.reqId, plan.error === '', plan.error);
    }
    default:
      return privateReply(conn, p.op, p.reqId, false, unknownOp(p.op));
  }
}
