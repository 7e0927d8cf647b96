/**
 * The implementations behind the connection chart (machines/connection.machine.ts): context,
 * child actors, guards, actions and delays. The chart file holds only the states.
 */
import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
} from 'xstate';
import {
  NO_PERMISSION_CODES,
  authOp,
  pingOp,
  subscribeOp,
  unsubscribeOp,
  type StreamName,
} from '../src/stream/protocol';
import type { FrameSink } from '../src/stream/sink';
import { backoffDelay } from './backoff';
import { browserEnvironment } from './connection-environment';
import { transportLogic } from './connection-transport';
import {
  defaultTimings,
  type ConnectionEnvironment,
  type ConnectionErrorCode,
  type ConnectionEvent,
  type ConnectionInput,
  type ConnectionTimings,
  type EnvironmentEvent,
  type UnauthorizedEvent,
  type WebSocketConstructor,
} from './connection.types';
import { FrameMeter } from './frame-meter';

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
  /** Counters written per frame by the transport, sampled once a second (not data). */
  readonly meter: FrameMeter;
  /** Topics the app wants (sorted, unique): what every new connection subscribes to. */
  wanted: readonly string[];
  /** Topics subscribed on the current connection. */
  active: readonly string[];
  /** The current connection attempt; transport events of any other attempt are ignored. */
  socketId: number;
  connId: string | null;
  reqSeq: number;
  authReqId: string | null;
  /** Subscribe ops of a new connection still waiting for their answer. */
  subscribeWaiting: readonly string[];
  /** One of them was refused. */
  subscribeRejected: boolean;
  pingReqId: string | null;
  pingSentAt: number;
  pending: Readonly<Record<string, PendingOp>>;
  /** Reconnect attempts since the connection was last stable. */
  attempt: number;
  /** The delay of the current backoff. */
  backoffMs: number;
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

/** Pending answers older than this are forgotten (the heartbeat covers a dead socket). */
const PENDING_TTL_MS = 60_000;

/**
 * Topics per subscribe/unsubscribe op: Bybit asks for at most 10 args per op on some streams and
 * servers refuse oversized ops; a long list goes out as several ops.
 */
export const MAX_TOPICS_PER_OP = 10;

function chunks(topics: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < topics.length; i += MAX_TOPICS_PER_OP) {
    out.push(topics.slice(i, i + MAX_TOPICS_PER_OP));
  }
  return out;
}

/** Sorted, unique, non-empty topic names. */
export function normaliseTopics(topics: readonly string[]): string[] {
  return [...new Set(topics.filter((t) => typeof t === 'string' && t !== ''))].sort();
}

/** True for a rejection that means "no permission" (NoPermissionError: 10007/33003/10009). */
export function isNoPermission(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = Number((err as { code?: unknown }).code);
  return Number.isInteger(code) && NO_PERMISSION_CODES.has(code);
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A one-line, English diagnostic of the event that ended a state (for logs and tooltips). */
function detailOf(event: { type: string }): string {
  const e = event as Partial<Record<string, unknown>> & { type: string };
  if (e.type === 'WS.CLOSE') {
    return `close ${String(e.code)}${e.reason ? ` ${String(e.reason)}` : ''}`;
  }
  if (e.type === 'WS.ERROR' || e.type === 'SINK.ERROR') return String(e.message);
  if (e.type === 'WS.RESPONSE') {
    const r = e.response as { op: string; retMsg: string };
    return r.retMsg || `${r.op} failed`;
  }
  if ('error' in e) return describe(e.error);
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
    meter: new FrameMeter(timings.topicStaleAfterMs),
    wanted: normaliseTopics(input.topics),
    active: [],
    socketId: 0,
    connId: null,
    reqSeq: 0,
    authReqId: null,
    subscribeWaiting: [],
    subscribeRejected: false,
    pingReqId: null,
    pingSentAt: 0,
    pending: {},
    attempt: 0,
    backoffMs: 0,
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

/** Calls the sink; a throwing sink is reported, never allowed to break the lifecycle. */
function callSink(
  self: { send(event: ConnectionEvent): void },
  what: string,
  fn: () => void,
): void {
  try {
    fn();
  } catch (err) {
    self.send({ type: 'SINK.ERROR', message: `${what}: ${describe(err)}` });
  }
}

const tickerLogic = fromCallback<
  ConnectionEvent,
  { meter: FrameMeter; now: () => number; intervalMs: number },
  ConnectionEvent
>(({ input, sendBack }) => {
  const id = setInterval(
    () => sendBack({ type: 'TICK', ...input.meter.sample(input.now()) }),
    input.intervalMs,
  );
  return () => clearInterval(id);
});

const environmentLogic = fromCallback<
  ConnectionEvent,
  { env: ConnectionEnvironment },
  { type: EnvironmentEvent }
>(({ input, sendBack }) => input.env.subscribe((type) => sendBack({ type })));

const tokenLogic = fromPromise<string, { getToken: (() => Promise<string>) | undefined }>(
  async ({ input }) => {
    if (!input.getToken) throw new Error('the private stream needs getToken');
    const token = await input.getToken();
    if (typeof token !== 'string' || token === '') throw new Error('empty one-time token');
    return token;
  },
);

type TopicsEvent = Extract<
  ConnectionEvent,
  { type: 'TOPICS.ADD' | 'TOPICS.REMOVE' | 'TOPICS.SET' }
>;

function nextWanted(wanted: readonly string[], event: TopicsEvent): string[] {
  if (event.type === 'TOPICS.ADD') return normaliseTopics([...wanted, ...event.topics]);
  if (event.type === 'TOPICS.SET') return normaliseTopics(event.topics);
  const gone = new Set(event.topics);
  return wanted.filter((t) => !gone.has(t));
}

const isTopicsEvent = (e: ConnectionEvent): e is TopicsEvent =>
  e.type === 'TOPICS.ADD' || e.type === 'TOPICS.REMOVE' || e.type === 'TOPICS.SET';

export const connectionSetup = setup({
  types: {
    input: {} as ConnectionInput,
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    emitted: {} as UnauthorizedEvent,
  },
  actors: {
    transport: transportLogic,
    environment: environmentLogic,
    ticker: tickerLogic,
    token: tokenLogic,
  },
  delays: {
    backoff: ({ context }) => context.backoffMs,
    pingInterval: ({ context }) => context.timings.pingIntervalMs,
    pongTimeout: ({ context }) => context.timings.pongTimeoutMs,
    stableAfter: ({ context }) => context.timings.stableAfterMs,
    steadyAfter: ({ context }) =>
      Math.max(0, context.timings.unstableWindowMs - context.timings.stableAfterMs),
    connectWatchdog: ({ context }) => context.timings.connectWatchdogMs,
    authTimeout: ({ context }) => context.timings.authTimeoutMs,
    subscribeTimeout: ({ context }) => context.timings.subscribeTimeoutMs,
  },
  guards: {
    isOffline: ({ context }) => !context.env.isOnline(),
    isPrivate: ({ context }) => context.stream === 'private',
    isCurrent: ({ context, event }) => 'socketId' in event && event.socketId === context.socketId,
    isUnauthorizedClose: ({ context, event }) =>
      event.type === 'WS.CLOSE' && event.socketId === context.socketId && event.code === 4401,
    isCurrentResponse: ({ context, event }) =>
      event.type === 'WS.RESPONSE' && event.socketId === context.socketId,
    succeeded: ({ event }) => event.type === 'WS.RESPONSE' && event.response.success,
    isAuthAnswer: ({ context, event }) =>
      event.type === 'WS.RESPONSE' &&
      event.socketId === context.socketId &&
      event.response.op === 'auth' &&
      (event.response.reqId === undefined || event.response.reqId === context.authReqId),
    isSubscribeAnswer: ({ context, event }) =>
      event.type === 'WS.RESPONSE' &&
      event.socketId === context.socketId &&
      event.response.op === 'subscribe' &&
      event.response.reqId !== undefined &&
      context.subscribeWaiting.includes(event.response.reqId),
    allAnswered: ({ context }) => context.subscribeWaiting.length === 0,
    subscribeRejected: ({ context }) => context.subscribeRejected,
    /** reconnecting-websocket's handshake timeout. */
    isConnectTimeout: ({ event }) => event.type === 'WS.ERROR' && event.message === 'TIMEOUT',
    isPong: ({ context, event }) => {
      if (event.type !== 'WS.RESPONSE' || event.socketId !== context.socketId) return false;
      const r = event.response;
      // Private pongs are op "pong"; public ones answer op "ping" with ret_msg "pong".
      const pong = r.op === 'pong' || (r.op === 'ping' && r.success);
      return pong && (r.reqId === undefined || r.reqId === context.pingReqId);
    },
    silentTooLong: ({ context, event }) =>
      event.type === 'TICK' && event.silentMs > context.timings.staleAfterMs,
    serverDroppedUs: ({ context }) =>
      context.now() - context.meter.lastSentAt >= context.timings.serverIdleMs,
    noPermission: ({ event }) => 'error' in event && isNoPermission(event.error),
  },
  actions: {
    updateWanted: assign({
      wanted: ({ context, event }) =>
        isTopicsEvent(event) ? nextWanted(context.wanted, event) : context.wanted,
    }),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    recordError: assign((args, params: { code: ConnectionErrorCode; detail?: string }) => ({
      lastError: params.code,
      lastErrorDetail: params.detail ?? detailOf(args.event),
    })),
    openSocket: enqueueActions(({ context, enqueue }) => {
      const socketId = context.socketId + 1;
      enqueue.assign({
        socketId,
        connId: null,
        authReqId: null,
        subscribeWaiting: [],
        subscribeRejected: false,
        pingReqId: null,
        pending: {},
        active: [],
      });
      enqueue.sendTo('transport', { type: 'open', socketId });
    }),
    replaceSocket: sendTo('transport', { type: 'replace' }),
    sendAuth: enqueueActions(({ context, enqueue }, params: { token: string }) => {
      const reqId = String(context.reqSeq + 1);
      enqueue.assign({ reqSeq: context.reqSeq + 1, authReqId: reqId });
      // Straight to the open socket as its first frame, never through a queue.
      enqueue.sendTo('transport', {
        type: 'send',
        socketId: context.socketId,
        op: authOp(reqId, params.token),
      });
    }),
    assignConnId: assign({
      connId: ({ context, event }) =>
        event.type === 'WS.RESPONSE' && event.response.connId
          ? event.response.connId
          : context.connId,
    }),
    /** A new connection subscribes to everything wanted, whatever was acknowledged before. */
    subscribeWanted: enqueueActions(({ context, enqueue }) => {
      const topics = context.wanted;
      let seq = context.reqSeq;
      const waiting: string[] = [];
      const pending: Record<string, PendingOp> = {};
      const at = context.now();
      for (const chunk of chunks(topics)) {
        seq += 1;
        const reqId = String(seq);
        waiting.push(reqId);
        pending[reqId] = { op: 'subscribe', topics: chunk, sentAt: at };
        enqueue.sendTo('transport', {
          type: 'send',
          socketId: context.socketId,
          op: subscribeOp(reqId, chunk),
        });
      }
      enqueue.assign({
        reqSeq: seq,
        subscribeWaiting: waiting,
        subscribeRejected: false,
        pending,
        active: topics,
      });
    }),
    /** One answer to the subscribe ops of a new connection. */
    settleSubscribeAnswer: assign(({ context, event }) => {
      if (event.type !== 'WS.RESPONSE' || event.response.reqId === undefined) return {};
      const { reqId, success, retMsg, connId } = event.response;
      const pending = { ...context.pending };
      const topics = pending[reqId]?.topics ?? [];
      delete pending[reqId];
      const update: Partial<ConnectionContext> = {
        pending,
        subscribeWaiting: context.subscribeWaiting.filter((id) => id !== reqId),
        connId: connId ?? context.connId,
      };
      if (!success) {
        update.subscribeRejected = true;
        update.lastError = 'subscribe-rejected';
        update.lastErrorDetail = `${retMsg || 'subscribe failed'} (${topics.join(',')})`;
      }
      return update;
    }),
    /** While live: subscribe/unsubscribe the difference between wanted and active. */
    syncTopics: enqueueActions(({ context, enqueue }) => {
      const wanted = new Set(context.wanted);
      const active = new Set(context.active);
      const added = context.wanted.filter((t) => !active.has(t));
      const removed = context.active.filter((t) => !wanted.has(t));
      if (added.length === 0 && removed.length === 0) return;
      const at = context.now();
      let seq = context.reqSeq;
      const pending = { ...context.pending };
      const send = (op: 'subscribe' | 'unsubscribe', topics: string[]) => {
        for (const chunk of chunks(topics)) {
          seq += 1;
          const reqId = String(seq);
          pending[reqId] = { op, topics: chunk, sentAt: at };
          enqueue.sendTo('transport', {
            type: 'send',
            socketId: context.socketId,
            op: op === 'subscribe' ? subscribeOp(reqId, chunk) : unsubscribeOp(reqId, chunk),
          });
        }
      };
      if (removed.length > 0) send('unsubscribe', removed);
      if (added.length > 0) send('subscribe', added);
      enqueue.assign({ reqSeq: seq, pending, active: context.wanted });
      const meter = context.meter;
      enqueue(() => {
        meter.untrack(removed);
        meter.track(added, at);
      });
    }),
    /** Tells the sink the connection is subscribed: seq restarts, private topics re-seed. */
    announceSubscribed: ({ context, self }) => {
      const { sink, stream, active, connId } = context;
      callSink(self, 'sink.subscribed', () => sink.subscribed(stream, active, connId ?? undefined));
    },
    /** Answers to the incremental subscribe/unsubscribe ops sent while live. */
    handleAnswer: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'WS.RESPONSE') return;
      const r = event.response;
      const pending = r.reqId === undefined ? undefined : context.pending[r.reqId];
      if (!pending || r.reqId === undefined || pending.op !== r.op) return;
      const rest = { ...context.pending };
      delete rest[r.reqId];
      enqueue.assign({ pending: rest });
      if (r.success && pending.op === 'subscribe') {
        const { sink, stream, connId } = context;
        // Newly wanted topics are subscribed on this connection: they start (and seed) afresh.
        enqueue(() =>
          callSink(self, 'sink.subscribed', () =>
            sink.subscribed(stream, pending.topics, r.connId ?? connId ?? undefined),
          ),
        );
      } else if (!r.success) {
        enqueue.assign({
          lastError: pending.op === 'subscribe' ? 'subscribe-rejected' : 'unsubscribe-rejected',
          lastErrorDetail: `${r.retMsg || `${r.op} failed`} (${pending.topics.join(',')})`,
        });
      }
    }),
    beginLive: enqueueActions(({ context, enqueue }) => {
      const { meter, active } = context;
      const at = context.now();
      enqueue(() => meter.beginLive(active, at));
      enqueue.assign({ fps: 0, staleTopics: '', staleTopicCount: 0 });
    }),
    endLive: enqueueActions(({ context, enqueue, self }) => {
      const { meter, sink, stream } = context;
      enqueue(() => {
        meter.endLive();
        callSink(self, 'sink.disconnected', () => sink.disconnected(stream));
      });
      enqueue.assign({ fps: 0, staleTopics: '', staleTopicCount: 0, pingReqId: null });
    }),
    sendPing: enqueueActions(({ context, enqueue }) => {
      const reqId = String(context.reqSeq + 1);
      enqueue.assign({ reqSeq: context.reqSeq + 1, pingReqId: reqId, pingSentAt: context.now() });
      enqueue.sendTo('transport', { type: 'send', socketId: context.socketId, op: pingOp(reqId) });
    }),
    forcePing: raise({ type: 'PING_NOW' }),
    recordPong: assign(({ context, event }) => {
      if (event.type !== 'WS.RESPONSE') return {};
      const matched =
        event.response.reqId !== undefined && event.response.reqId === context.pingReqId;
      return {
        pingReqId: null,
        rttMs: matched ? Math.max(0, Math.round(event.at - context.pingSentAt)) : context.rttMs,
      };
    }),
    scheduleBackoff: assign(({ context }) => {
      const attempt = context.attempt + 1;
      const { backoffBaseMs, backoffMaxMs } = context.timings;
      return {
        attempt,
        backoffMs: backoffDelay(attempt, context.random, backoffBaseMs, backoffMaxMs),
      };
    }),
    countDrop: assign({ drops: ({ context }) => context.drops + 1 }),
    resetAttempt: assign({ attempt: 0 }),
    resetDrops: assign({ drops: 0 }),
    assignStats: assign(({ context, event }) => {
      if (event.type !== 'TICK') return {};
      const cutoff = context.now() - PENDING_TTL_MS;
      const pending = Object.fromEntries(
        Object.entries(context.pending).filter(([, p]) => p.sentAt >= cutoff),
      );
      return {
        fps: event.fps,
        staleTopics: event.staleTopics,
        staleTopicCount: event.staleTopicCount,
        rejectedFrames: event.rejectedFrames,
        pending,
      };
    }),
    emitUnauthorized: emit(({ context }) => ({
      type: 'unauthorized' as const,
      stream: context.stream,
      code: context.lastError ?? 'auth-rejected',
      detail: context.lastErrorDetail,
    })),
  },
});
