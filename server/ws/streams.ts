/**
 * What each stream does with a client frame. Public: subscribe/unsubscribe tickers (a snapshot
 * first, then deltas), ping. Private: auth with a one-time token first, then subscribe to the
 * user's topics; seq per topic; pongs carry the server time.
 */
import { isPrivateTopic } from '../../src/stream/protocol';
import type { Auth } from '../accounts/auth';
import type { Clock } from '../clock';
import type { Market } from '../market/market';
import { CLOSE_UNAUTHORIZED, type Conn } from './conn';
import type { Hub } from './hub';
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

export function onPublicFrame(deps: StreamDeps, conn: Conn, text: string): void {
  const p = parseOp(text);
  if (!p.ok) return publicReply(conn, p.op, p.reqId, false, p.message);
  if (!conn.allowOp()) return publicReply(conn, p.op, p.reqId, false, 'error:too many requests');
  switch (p.op) {
    case 'ping':
      return publicReply(conn, 'ping', p.reqId, true, 'pong');
    case 'pong':
      return; // an answer to a server ping (some Bybit clients send it): nothing to do
    case 'subscribe': {
      const fresh: string[] = [];
      let error = '';
      for (const topic of p.args) {
        if (!isTickerTopic(deps, topic)) error ||= 'error:handler not found';
        else if (conn.topics.has(topic)) error ||= `error:already subscribed,topic:${topic}`;
        else {
          deps.hub.subscribeTicker(conn, topic);
          fresh.push(topic);
        }
      }
      if (p.args.length === 0) error = 'error:args must name at least one topic';
      publicReply(conn, 'subscribe', p.reqId, error === '', error);
      for (const topic of fresh) sendTickerSnapshot(deps, conn, topic);
      return;
    }
    case 'unsubscribe': {
      let error = '';
      for (const topic of p.args) {
        if (!isTickerTopic(deps, topic)) error ||= 'error:handler not found';
        else deps.hub.unsubscribeTicker(conn, topic);
      }
      return publicReply(conn, 'unsubscribe', p.reqId, error === '', error);
    }
    default:
      return publicReply(conn, p.op, p.reqId, false, `error:unknown op ${JSON.stringify(p.op)}`);
  }
}

const TOKEN_ERRORS = {
  invalid: 'error:invalid token',
  expired: 'error:token expired',
  used: 'error:token already used',
  rejected: 'error:token rejected',
} as const;

export function onPrivateFrame(deps: StreamDeps, conn: Conn, text: string): void {
  const p = parseOp(text);
  if (!p.ok) return privateReply(conn, p.op, p.reqId, false, p.message);
  if (!conn.allowOp()) return privateReply(conn, p.op, p.reqId, false, 'error:too many requests');
  switch (p.op) {
    case 'ping': {
      const r: Record<string, unknown> = {};
      if (p.reqId !== undefined) r.req_id = p.reqId;
      r.op = 'pong';
      r.args = [String(deps.clock.now())];
      r.conn_id = conn.id;
      return conn.reply(r);
    }
    case 'pong':
      return;
    case 'auth': {
      if (conn.authed)
        return privateReply(conn, 'auth', p.reqId, false, 'error:already authenticated');
      const check = deps.auth.useToken(p.args[0]);
      if (!check.ok) {
        privateReply(conn, 'auth', p.reqId, false, TOKEN_ERRORS[check.reason]);
        conn.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      deps.hub.bindUser(conn, check.userId);
      return privateReply(conn, 'auth', p.reqId, true, '');
    }
    case 'subscribe':
    case 'unsubscribe': {
      if (!conn.authed) return privateReply(conn, p.op, p.reqId, false, 'error:not authenticated');
      if (p.args.length === 0) {
        return privateReply(conn, p.op, p.reqId, false, 'error:args must name at least one topic');
      }
      let error = '';
      for (const topic of p.args) {
        if (!isPrivateTopic(topic)) error ||= 'error:handler not found';
        else if (p.op === 'subscribe') conn.topics.add(topic);
        else conn.topics.delete(topic);
      }
      return privateReply(conn, p.op, p.reqId, error === '', error);
    }
    default:
      return privateReply(conn, p.op, p.reqId, false, `error:unknown op ${JSON.stringify(p.op)}`);
  }
}
