/**
 * The implementations behind the connection chart (machines/connection.machine.ts): guards,
 * actions and delays. The context lives in connection.context.ts, child actors in
 * connection.actors.ts and connection-transport.ts.
 */
import { assign, emit, enqueueActions, raise, sendTo, setup } from 'xstate';
import { isNoPermission } from '../src/api/errors';
import { authOp, pingOp } from '../src/wire/protocol';
import { backoffDelay } from './backoff';
import { environmentLogic, tickerLogic, tokenLogic } from './connection.actors';
import {
  describeError,
  detailOf,
  type ConnectionContext,
  type PendingOp,
} from './connection.context';
import {
  chunks,
  expirePending,
  isTopicsEvent,
  nextWanted,
  planOps,
  onSubscribeRefused,
} from './connection.topics';
import { transportLogic } from './connection-transport';
import type {
  ConnectionErrorCode,
  ConnectionEvent,
  ConnectionInput,
  UnauthorizedEvent,
} from './connection.types';

/** Pending answers older than this are forgotten (the heartbeat covers a dead socket). */
const PENDING_TTL_MS = 60_000;

/** Calls the sink; a throwing sink is reported, never allowed to break the lifecycle. */
function callSink(
  self: { send(event: ConnectionEvent): void },
  what: string,
  fn: () => void,
): void {
  try {
    fn();
  } catch (err) {
    self.send({ type: 'SINK.ERROR', message: `${what}: ${describeError(err)}` });
  }
}

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
    /** The page was hidden: a VISIBLE is a real visibility change, not a repeat. */
    wasHidden: ({ context }) => context.hidden,
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
    updateWanted: assign(({ context, event }) =>
      isTopicsEvent(event) ? nextWanted(context, event) : {},
    ),
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
      const pending: Record<string, PendingOp> = {};
      const plan = planOps(
        'subscribe',
        chunks(context.wanted),
        context.reqSeq,
        pending,
        context.now(),
      );
      for (const op of plan.ops) {
        enqueue.sendTo('transport', { type: 'send', socketId: context.socketId, op });
      }
      enqueue.assign({
        reqSeq: plan.seq,
        subscribeWaiting: plan.ids,
        pending,
        active: context.wanted,
      });
    }),
    /**
     * One answer to the subscribe ops of a new connection. A refused op of several topics is
     * retried topic by topic; a refused topic is dropped (and reported), the rest goes live.
     */
    settleSubscribeAnswer: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'WS.RESPONSE' || event.response.reqId === undefined) return;
      const { reqId, success, retMsg, connId } = event.response;
      const pending = { ...context.pending };
      const topics = pending[reqId]?.topics ?? [];
      delete pending[reqId];
      let waiting = context.subscribeWaiting.filter((id) => id !== reqId);
      let update: Partial<ConnectionContext> = {};
      let reqSeq = context.reqSeq;
      if (!success) {
        const r = onSubscribeRefused(context, topics, retMsg, pending, reqSeq);
        update = r.update;
        if (r.retry) {
          for (const op of r.retry.ops) {
            enqueue.sendTo('transport', { type: 'send', socketId: context.socketId, op });
          }
          reqSeq = r.retry.seq;
          waiting = [...waiting, ...r.retry.ids];
        }
        if (r.refused.length > 0) {
          const { sink, stream } = context;
          enqueue(() =>
            callSink(self, 'sink.refused', () => sink.refused(stream, r.refused, r.reason)),
          );
        }
      }
      enqueue.assign({
        ...update,
        reqSeq,
        pending,
        subscribeWaiting: waiting,
        connId: connId ?? context.connId,
      });
    }),
    /** While live: subscribe/unsubscribe the difference between wanted and active. */
    syncTopics: enqueueActions(({ context, enqueue }) => {
      const wanted = new Set(context.wanted);
      const active = new Set(context.active);
      const added = context.wanted.filter((t) => !active.has(t));
      const removed = context.active.filter((t) => !wanted.has(t));
      if (added.length === 0 && removed.length === 0) return;
      const at = context.now();
      const pending = { ...context.pending };
      const unsub = planOps('unsubscribe', chunks(removed), context.reqSeq, pending, at);
      const sub = planOps('subscribe', chunks(added), unsub.seq, pending, at);
      for (const op of [...unsub.ops, ...sub.ops]) {
        enqueue.sendTo('transport', { type: 'send', socketId: context.socketId, op });
      }
      enqueue.assign({ reqSeq: sub.seq, pending, active: context.wanted });
      // Freshness is tracked from the answer on: a topic never acknowledged is never "stale".
      const meter = context.meter;
      enqueue(() => meter.untrack(removed));
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
      // req_id comes from the server: look it up as an own key only ("__proto__" is data).
      if (r.reqId === undefined || !Object.hasOwn(context.pending, r.reqId)) return;
      const pending = context.pending[r.reqId];
      if (!pending || pending.op !== r.op) return;
      const rest = { ...context.pending };
      delete rest[r.reqId];
      const { sink, stream, connId, meter } = context;
      if (r.success && pending.op === 'subscribe') {
        enqueue.assign({ pending: rest });
        const at = event.at;
        // Newly wanted topics are subscribed on this connection: they start (and seed) afresh.
        enqueue(() => {
          meter.track(pending.topics, at);
          callSink(self, 'sink.subscribed', () =>
            sink.subscribed(stream, pending.topics, r.connId ?? connId ?? undefined),
          );
        });
      } else if (pending.op === 'subscribe') {
        const refused = onSubscribeRefused(context, pending.topics, r.retMsg, rest, context.reqSeq);
        if (refused.retry) {
          for (const op of refused.retry.ops) {
            enqueue.sendTo('transport', { type: 'send', socketId: context.socketId, op });
          }
        }
        enqueue.assign({
          ...refused.update,
          pending: rest,
          reqSeq: refused.retry?.seq ?? context.reqSeq,
        });
        if (refused.refused.length > 0) {
          enqueue(() => {
            meter.untrack(refused.refused);
            callSink(self, 'sink.refused', () =>
              sink.refused(stream, refused.refused, refused.reason),
            );
          });
        }
      } else {
        enqueue.assign({ pending: rest });
        if (!r.success) {
          enqueue.assign({
            lastError: 'unsubscribe-rejected',
            lastErrorDetail: `${r.retMsg || `${r.op} failed`} (${pending.topics.join(',')})`,
          });
        }
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
      const backoffMs = backoffDelay(attempt, context.random, backoffBaseMs, backoffMaxMs);
      const at = context.now();
      return { attempt, backoffMs, backoffStartedAt: at, backoffDueAt: at + backoffMs };
    }),
    countDrop: assign({ drops: ({ context }) => context.drops + 1 }),
    resetAttempt: assign({ attempt: 0 }),
    resetDrops: assign({ drops: 0 }),
    assignStats: assign(({ context, event }) => {
      if (event.type !== 'TICK') return {};
      return {
        fps: event.fps,
        staleTopics: event.staleTopics,
        staleTopicCount: event.staleTopicCount,
        rejectedFrames: event.rejectedFrames,
        ...expirePending(context, context.now(), PENDING_TTL_MS),
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
