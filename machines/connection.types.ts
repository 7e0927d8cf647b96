/**
 * Types and defaults of the connection machine: its input (dependency injection, so tests need no
 * network), timings, events and the error codes shown to people.
 */
import type { FrameSink } from '../src/wire/sink';
import type { ClientOp, OpResponse, StreamName } from '../src/wire/protocol';
import type { TapReader } from '../src/wire/tap';

/** Every timing of the lifecycle, in ms. docs/connection.md explains each one. */
export interface ConnectionTimings {
  /** A ping every 20 s keeps the connection alive (the server drops it after 60 s of silence). */
  pingIntervalMs: number;
  /** No pong within 10 s of a ping means the socket is dead. */
  pongTimeoutMs: number;
  /** Live but no frame at all for this long: stale (shown to people, a ping is forced). */
  staleAfterMs: number;
  /** A subscribed topic without a frame for this long while live is stale (Infinity: never). */
  topicStaleAfterMs: number;
  /** Full-jitter backoff: the ceiling of attempt n is min(backoffMaxMs, backoffBaseMs * 2^(n-1)). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** The attempt counter is reset only after this long live. */
  stableAfterMs: number;
  /** Connection losses are forgotten after this long live; until then, >= 2 of them: unstable. */
  unstableWindowMs: number;
  /** The server closes a connection after this long without a client frame. */
  serverIdleMs: number;
  /** Handshake timeout given to reconnecting-websocket. */
  connectTimeoutMs: number;
  /** The supervisor's own limit for `connecting`: the transport went silently dead. */
  connectWatchdogMs: number;
  /** Token fetch plus auth answer. */
  authTimeoutMs: number;
  /** Answer to the subscribe op of a new connection. */
  subscribeTimeoutMs: number;
  /** How often fps, freshness and staleness are sampled. */
  statsIntervalMs: number;
}

const DEFAULT_TIMINGS: Readonly<ConnectionTimings> = {
  pingIntervalMs: 20_000,
  pongTimeoutMs: 10_000,
  staleAfterMs: 40_000,
  topicStaleAfterMs: 30_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  stableAfterMs: 5_000,
  unstableWindowMs: 60_000,
  serverIdleMs: 60_000,
  connectTimeoutMs: 10_000,
  connectWatchdogMs: 15_000,
  authTimeoutMs: 10_000,
  subscribeTimeoutMs: 10_000,
  statsIntervalMs: 1_000,
};

/**
 * Private topics push only when something changes (a wallet can stay quiet for hours), so silence
 * on one of them is normal: per-topic staleness is off for the private stream by default.
 */
export function defaultTimings(stream: StreamName): ConnectionTimings {
  return stream === 'private'
    ? { ...DEFAULT_TIMINGS, topicStaleAfterMs: Number.POSITIVE_INFINITY }
    : { ...DEFAULT_TIMINGS };
}

/** What the supervisor needs of a WebSocket class (browser WebSocket, `ws`, mock-socket). */
export interface WebSocketConstructor {
  new (url: string, protocols?: string | string[]): unknown;
  readonly CLOSING: number;
}

export type EnvironmentEvent = 'ONLINE' | 'OFFLINE' | 'VISIBLE' | 'HIDDEN';

/** The browser facts the machine reacts to; injected so tests can flip them. */
export interface ConnectionEnvironment {
  isOnline(): boolean;
  isHidden(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (event: EnvironmentEvent) => void): () => void;
}

export interface ConnectionInput {
  stream: StreamName;
  url: string;
  /** Private stream: a fresh one-time token per connection. */
  getToken?: () => Promise<string>;
  sink: FrameSink;
  /** The topics the app wants at start. */
  topics: readonly string[];
  WebSocketImpl?: WebSocketConstructor;
  /** A session recorder's tap, read per event (src/pipeline/session-recorder.ts). */
  tap?: TapReader;
  /** [0, 1), for the backoff jitter. */
  random?: () => number;
  /** ms clock (Date.now by default: it keeps counting while a laptop sleeps). */
  now?: () => number;
  env?: ConnectionEnvironment;
  timings?: Partial<ConnectionTimings>;
  /** reconnecting-websocket's maxRetries per transport instance; the supervisor replaces a dead one. */
  maxRetries?: number;
}

/** Why the connection is not (or was not) live; a stable key for i18n. */
export type ConnectionErrorCode =
  | 'socket-error'
  | 'closed'
  | 'connect-timeout'
  | 'transport-dead'
  | 'token-failed'
  | 'token-rejected'
  | 'auth-rejected'
  | 'auth-timeout'
  | 'subscribe-rejected'
  | 'subscribe-timeout'
  | 'unsubscribe-rejected'
  | 'heartbeat-timeout'
  | 'idle-dropped'
  | 'offline'
  | 'sink-error'
  | 'invalid-topic';

/** Stats sampled by the ticker while live. */
export interface LiveSample {
  fps: number;
  silentMs: number;
  staleTopics: string;
  staleTopicCount: number;
  rejectedFrames: number;
}

/** Events the transport sends to the machine; `socketId` names the connection attempt. */
export type TransportEvent =
  | { type: 'WS.OPEN'; socketId: number }
  | { type: 'WS.CLOSE'; socketId: number; code: number; reason: string; dead: boolean }
  | { type: 'WS.ERROR'; socketId: number; message: string }
  | { type: 'WS.RESPONSE'; socketId: number; response: OpResponse; at: number }
  | { type: 'SINK.ERROR'; message: string };

/** Commands the machine sends to the transport. */
export type TransportCommand =
  | { type: 'open'; socketId: number }
  | { type: 'send'; socketId: number; op: ClientOp }
  | { type: 'replace' };

export type ConnectionEvent =
  | TransportEvent
  | { type: 'CONNECT' }
  | { type: 'STOP' }
  | { type: 'TOPICS.ADD'; topics: readonly string[] }
  | { type: 'TOPICS.REMOVE'; topics: readonly string[] }
  | { type: 'TOPICS.SET'; topics: readonly string[] }
  | { type: EnvironmentEvent }
  /** Reconnecting or offline: try now instead of waiting out the backoff. */
  | { type: 'RECONNECT_NOW' }
  | ({ type: 'TICK' } & LiveSample)
  | { type: 'PING_NOW' };

/** Emitted to `actor.on('unauthorized', …)`: the app signs out. */
export interface UnauthorizedEvent {
  type: 'unauthorized';
  stream: StreamName;
  code: ConnectionErrorCode;
  detail: string;
}
