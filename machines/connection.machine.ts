/**
 * The connection lifecycle of one stream (public or private) as an XState v5 machine supervising
 * reconnecting-websocket: connect, authenticate with a fresh one-time token, subscribe to the
 * wanted topics, heartbeat, detect staleness, back off with full jitter, react to offline/online
 * and hidden/visible, stop on unauthorized. docs/connection.md describes states and timings.
 * Market and account data never enter this machine: frames go from the transport to the sink.
 */
import { and, createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { checkInput, initialContext } from './connection.context';
import { connectionSetup } from './connection.setup';
import type { ConnectionErrorCode, ConnectionInput } from './connection.types';

const fail = (code: ConnectionErrorCode) => ({ type: 'recordError' as const, params: { code } });

const connectionMachine = connectionSetup.createMachine({
  id: 'connection',
  context: ({ input }) => initialContext(input),
  invoke: { src: 'environment', input: ({ context }) => ({ env: context.env }) },
  initial: 'idle',
  on: {
    'TOPICS.ADD': { actions: 'updateWanted' },
    'TOPICS.REMOVE': { actions: 'updateWanted' },
    'TOPICS.SET': { actions: 'updateWanted' },
    HIDDEN: { actions: 'markHidden' },
    VISIBLE: { actions: 'markVisible' },
    STOP: { target: '.idle' },
  },
  states: {
    idle: {
      on: { CONNECT: [{ guard: 'isOffline', target: 'offline' }, { target: 'active' }] },
    },
    active: {
      invoke: {
        id: 'transport',
        src: 'transport',
        input: ({ context }) => ({
          stream: context.stream,
          url: context.url,
          sink: context.sink,
          meter: context.meter,
          now: context.now,
          WebSocketImpl: context.WebSocketImpl,
          tap: context.tap,
          maxRetries: context.maxRetries,
          connectTimeoutMs: context.timings.connectTimeoutMs,
        }),
      },
      initial: 'connecting',
      on: {
        OFFLINE: { target: 'offline', actions: fail('offline') },
        'WS.CLOSE': [
          {
            guard: 'isUnauthorizedClose',
            target: 'unauthorized',
            actions: fail('auth-rejected'),
          },
          { guard: 'isCurrent', target: '.reconnecting', actions: fail('closed') },
        ],
        'WS.ERROR': [
          {
            guard: and(['isCurrent', 'isConnectTimeout']),
            actions: fail('connect-timeout'),
          },
          { guard: 'isCurrent', actions: fail('socket-error') },
        ],
        'SINK.ERROR': { actions: fail('sink-error') },
      },
      states: {
        connecting: {
          entry: 'openSocket',
          after: {
            // reconnecting-websocket can go silently dead; the supervisor does not wait forever.
            connectWatchdog: {
              target: 'reconnecting',
              actions: ['replaceSocket', fail('transport-dead')],
            },
          },
          on: {
            'WS.OPEN': [
              { guard: and(['isCurrent', 'isPrivate']), target: 'authenticating' },
              { guard: 'isCurrent', target: 'subscribing' },
            ],
            'WS.ERROR': [
              {
                guard: and(['isCurrent', 'isConnectTimeout']),
                target: 'reconnecting',
                actions: fail('connect-timeout'),
              },
              { guard: 'isCurrent', target: 'reconnecting', actions: fail('socket-error') },
            ],
          },
        },
        authenticating: {
          initial: 'fetchingToken',
          after: {
            authTimeout: {
              target: 'reconnecting',
              actions: ['replaceSocket', fail('auth-timeout')],
            },
          },
          states: {
            // A fresh one-time token for every connection (tokens are single use, 60 s).
            fetchingToken: {
              invoke: {
                src: 'token',
                input: ({ context }) => ({ getToken: context.getToken }),
                onDone: {
                  target: 'awaitingAnswer',
                  actions: { type: 'sendAuth', params: ({ event }) => ({ token: event.output }) },
                },
                onError: [
                  {
                    guard: 'noPermission',
                    target: '#connection.unauthorized',
                    actions: fail('token-rejected'),
                  },
                  {
                    target: '#connection.active.reconnecting',
                    actions: ['replaceSocket', fail('token-failed')],
                  },
                ],
              },
            },
            awaitingAnswer: {
              on: {
                'WS.RESPONSE': [
                  {
                    guard: and(['isAuthAnswer', 'succeeded']),
                    target: '#connection.active.subscribing',
                    actions: 'assignConnId',
                  },
                  {
                    guard: 'isAuthAnswer',
                    target: '#connection.unauthorized',
                    actions: fail('auth-rejected'),
                  },
                ],
              },
            },
          },
        },
        subscribing: {
          entry: 'subscribeWanted',
          // A refused topic must not take the others down (on either stream): it is dropped,
          // reported, and the rest goes live. Starting over would be refused again, for ever.
          always: { guard: 'allAnswered', target: 'ready', actions: 'announceSubscribed' },
          after: {
            subscribeTimeout: {
              target: 'reconnecting',
              actions: ['replaceSocket', fail('subscribe-timeout')],
            },
          },
          on: {
            'WS.RESPONSE': { guard: 'isSubscribeAnswer', actions: 'settleSubscribeAnswer' },
          },
        },
        ready: {
          type: 'parallel',
          entry: ['beginLive', 'syncTopics'],
          exit: 'endLive',
          invoke: {
            src: 'ticker',
            input: ({ context }) => ({
              meter: context.meter,
              now: context.now,
              intervalMs: context.timings.statsIntervalMs,
            }),
          },
          on: {
            'TOPICS.ADD': { actions: ['updateWanted', 'syncTopics'] },
            'TOPICS.REMOVE': { actions: ['updateWanted', 'syncTopics'] },
            'TOPICS.SET': { actions: ['updateWanted', 'syncTopics'] },
            'WS.CLOSE': [
              {
                guard: 'isUnauthorizedClose',
                target: '#connection.unauthorized',
                actions: fail('auth-rejected'),
              },
              {
                guard: 'isCurrent',
                target: 'reconnecting',
                actions: [fail('closed'), 'countDrop'],
              },
            ],
            VISIBLE: [
              // Hidden long enough for the server to drop us: reconnect now, no backoff.
              {
                guard: 'serverDroppedUs',
                target: 'connecting',
                actions: ['markVisible', 'replaceSocket', fail('idle-dropped')],
              },
              { actions: ['markVisible', 'forcePing'] },
            ],
          },
          states: {
            activity: {
              initial: 'live',
              states: {
                live: {
                  on: {
                    TICK: [
                      { guard: 'silentTooLong', target: 'stale', actions: 'assignStats' },
                      { actions: 'assignStats' },
                    ],
                    'WS.RESPONSE': { guard: 'isCurrentResponse', actions: 'handleAnswer' },
                  },
                },
                stale: {
                  entry: 'forcePing',
                  on: {
                    TICK: [
                      { guard: 'silentTooLong', actions: 'assignStats' },
                      { target: 'live', actions: 'assignStats' },
                    ],
                    'WS.RESPONSE': {
                      guard: 'isCurrentResponse',
                      target: 'live',
                      actions: 'handleAnswer',
                    },
                  },
                },
              },
            },
            heartbeat: {
              // The first ping goes out as soon as the connection is live: the round trip is
              // known at once instead of 20 s later, and a half-open socket is found early.
              initial: 'awaitingPong',
              states: {
                waiting: {
                  after: { pingInterval: 'awaitingPong' },
                  on: { PING_NOW: 'awaitingPong' },
                },
                awaitingPong: {
                  entry: 'sendPing',
                  after: {
                    pongTimeout: {
                      target: '#connection.active.reconnecting',
                      actions: ['replaceSocket', fail('heartbeat-timeout'), 'countDrop'],
                    },
                  },
                  on: {
                    'WS.RESPONSE': { guard: 'isPong', target: 'waiting', actions: 'recordPong' },
                  },
                },
              },
            },
            uptime: {
              initial: 'settling',
              states: {
                settling: { after: { stableAfter: { target: 'stable', actions: 'resetAttempt' } } },
                stable: { after: { steadyAfter: { target: 'steady', actions: 'resetDrops' } } },
                steady: {},
              },
            },
          },
        },
        reconnecting: {
          entry: 'scheduleBackoff',
          after: { backoff: 'connecting' },
          on: {
            'WS.CLOSE': [
              {
                guard: 'isUnauthorizedClose',
                target: '#connection.unauthorized',
                actions: fail('auth-rejected'),
              },
              // The lost socket's own late close: already handled.
              { actions: [] },
            ],
            ONLINE: 'connecting',
            RECONNECT_NOW: 'connecting',
            // One immediate attempt when the page comes back into view (not for a repeated
            // VISIBLE): if it fails, the next backoff applies.
            VISIBLE: { guard: 'wasHidden', target: 'connecting', actions: 'markVisible' },
          },
        },
      },
    },
    offline: {
      on: {
        ONLINE: { target: 'active', actions: 'resetAttempt' },
        // The browser's offline flag can be wrong (captive portals, VPNs): people may insist.
        RECONNECT_NOW: 'active',
      },
    },
    unauthorized: {
      entry: 'emitUnauthorized',
      on: {
        CONNECT: [
          { guard: 'isOffline', target: 'offline' },
          { target: 'active', actions: 'resetAttempt' },
        ],
      },
    },
  },
});

type ConnectionMachine = typeof connectionMachine;
export type ConnectionActor = ActorRefFrom<ConnectionMachine>;
export type ConnectionSnapshot = SnapshotFrom<ConnectionMachine>;
/** Creates and starts the connection actor of one stream; it connects at once. */
export function createConnection(input: ConnectionInput): ConnectionActor {
  checkInput(input); // fail loudly here rather than as an actor stuck in its error state
  const actor = createActor(connectionMachine, { input });
  actor.start();
  actor.send({ type: 'CONNECT' });
  return actor;
}
