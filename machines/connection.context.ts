/**
 * The connection machine's context: its shape, how it is built from the input, and the small
 * pure helpers the guards and actions share.
 */
import { isPrivateTopic, type StreamName } from '../src/wire/protocol';
import type { FrameSink } from '../src/wire/sink';
import { browserEnvironment } from './connection-environment';
import {
  defaultTimings,
  type ConnectionEnvironment,
  type ConnectionErrorCode,
  type ConnectionInput,
  type ConnectionTimings,
  type WebSocketConstructor,
} from './connection.types';
import { FrameMeter } from './frame-meter';
import type { TapReader } from '../src/wire/tap';

const noTap: TapReader = () => null;

/** A subscribe/unsubscribe op waiting for its answer. */
export interface PendingOp {
  op: 'subscribe' | 'unsubscribe';
  topics: readonly string[];
  sentAt: number;
}

export interface ConnectionContext {
  readonly stream: StreamName;
  readonly url: string;
  readonly sink: FrameSink;
  readonly getToken: (() => Promise<string>) | undefined;
  readonly random: () => number;
  readonly now: () => number;
  readonly env: ConnectionEnvironment;
  readonly timings: ConnectionTimings;
  readonly maxRetries: number;
  readonly WebSocketImpl: WebSocketConstructor;
  readonly tap: TapReader;
  /** Counters written per frame by the transport, sampled once a second (not data). */
  readonly meter: FrameMeter;
  /**
   * Topics the app wants (sorted, unique) less those the server refused: what every new
   * connection subscribes to.
   */
  wanted: readonly string[];
  /**
   * Topics the server refused (sorted): left out of every subscribe until the app stops asking
   * for them (TOPICS.REMOVE, or a TOPICS.SET without them); asking again after that retries.
   */
  refused: readonly string[];
  /** Topics subscribed on the current connection. */
  active: readonly string[];
  /** The current connection attempt; transport events of any other attempt are ignored. */
  socketId: number;
  connId: string | null;
  reqSeq: number;
  authReqId: string | null;
  /** Subscribe ops of a new connection still waiting for their answer. */
  subscribeWaiting: readonly string[];
  pingReqId: string | null;
  pingSentAt: number;
  pending: Readonly<Record<string, PendingOp>>;
  /** Reconnect attempts since the connection was last stable. */
  attempt: number;
  /** The delay of the current backoff. */
  backoffMs: number;
  /** When the current backoff started and when its attempt is due (ms on `now`). */
  backoffStartedAt: number;
  backoffDueAt: number;
  /** Live connections lost since the connection was last steady (>= 2: unstable). */
  drops: number;
  rttMs: number | null;
  fps: number;
  rejectedFrames: number;
  /** Subscribed topics without a recent frame, sorted and comma-joined. */
  staleTopics: string;
  staleTopicCount: number;
  lastError: ConnectionErrorCode | null;
  lastErrorDetail: string;
  hidden: boolean;
}

const TICKER_TOPIC = /^tickers\.[A-Za-z0-9_-]+$/;

/**
 * Whether `topic` exists on `stream`: a private topic of PROTOCOL.md section 4, or a ticker. A
 * server refuses anything else, and the private stream starts over on a refusal, so a typo must
 * never reach the wire.
 */
function isStreamTopic(stream: StreamName, topic: unknown): topic is string {
  if (typeof topic !== 'string') return false;
  return stream === 'private' ? isPrivateTopic(topic) : TICKER_TOPIC.test(topic);
}

/** The sorted, unique topics of `stream` in `topics`, and the entries that are not topics of it. */
export function splitTopics(
  stream: StreamName,
  topics: readonly unknown[],
): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const t of topics) {
    if (isStreamTopic(stream, t)) valid.add(t);
    else invalid.push(String(t));
  }
  return { valid: [...valid].sort(), invalid };
}

/** The message of an Error, or the value as text. */
export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A one-line, English diagnostic of the event that ended a state (for logs and tooltips). */
export function detailOf(event: { type: string }): string {
  const e = event as Partial<Record<string, unknown>> & { type: string };
  if (e.type === 'WS.CLOSE') {
    return `close ${String(e.code)}${e.reason ? ` ${String(e.reason)}` : ''}`;
  }
  if (e.type === 'WS.ERROR' || e.type === 'SINK.ERROR') return String(e.message);
  if (e.type === 'WS.RESPONSE') {
    const r = e.response as { op: string; retMsg: string };
    return r.retMsg || `${r.op} failed`;
  }
  if ('error' in e) return describeError(e.error);
  return '';
}

/** Throws a clear error for an input the machine cannot work with; returns the WebSocket class. */
export function checkInput(input: ConnectionInput): WebSocketConstructor {
  const WebSocketImpl =
    input.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!WebSocketImpl) throw new Error('no WebSocket implementation: pass WebSocketImpl');
  if (input.stream === 'private' && !input.getToken) {
    throw new Error('the private stream needs getToken');
  }
  const { invalid } = splitTopics(input.stream, Array.isArray(input.topics) ? input.topics : []);
  if (!Array.isArray(input.topics) || invalid.length > 0) {
    throw new Error(`not ${input.stream} stream topics: ${JSON.stringify(invalid)}`);
  }
  return WebSocketImpl;
}

export function initialContext(input: ConnectionInput): ConnectionContext {
  const timings = { ...defaultTimings(input.stream), ...input.timings };
  const WebSocketImpl = checkInput(input);
  const env = input.env ?? browserEnvironment();
  return {
    stream: input.stream,
    url: input.url,
    sink: input.sink,
    getToken: input.getToken,
    random: input.random ?? Math.random,
    now: input.now ?? Date.now,
    env,
    timings,
    maxRetries: input.maxRetries ?? Number.POSITIVE_INFINITY,
    WebSocketImpl,
    tap: input.tap ?? noTap,
    meter: new FrameMeter(timings.topicStaleAfterMs),
    wanted: splitTopics(input.stream, input.topics).valid,
    refused: [],
    active: [],
    socketId: 0,
    connId: null,
    reqSeq: 0,
    authReqId: null,
    subscribeWaiting: [],
    pingReqId: null,
    pingSentAt: 0,
    pending: {},
    attempt: 0,
    backoffMs: 0,
    backoffStartedAt: 0,
    backoffDueAt: 0,
    drops: 0,
    rttMs: null,
    fps: 0,
    rejectedFrames: 0,
    staleTopics: '',
    staleTopicCount: 0,
    lastError: null,
    lastErrorDetail: '',
    hidden: env.isHidden(),
  };
}
