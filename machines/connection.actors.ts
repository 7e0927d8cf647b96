/**
 * The connection machine's child actors besides the transport: the stats ticker, the browser
 * environment listener and the one-time-token fetch.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { ConnectionEnvironment, ConnectionEvent, EnvironmentEvent } from './connection.types';
import type { FrameMeter } from './frame-meter';

/** Samples the frame meter every `intervalMs` while live. */
export const tickerLogic = fromCallback<
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

/** Forwards online/offline and visibility changes. */
export const environmentLogic = fromCallback<
  ConnectionEvent,
  { env: ConnectionEnvironment },
  { type: EnvironmentEvent }
>(({ input, sendBack }) => input.env.subscribe((type) => sendBack({ type })));

/** Fetches a fresh one-time token; an empty one is an error. */
export const tokenLogic = fromPromise<string, { getToken: (() => Promise<string>) | undefined }>(
  async ({ input }) => {
    if (!input.getToken) throw new Error('the private stream needs getToken');
    const token = await input.getToken();
    if (typeof token !== 'string' || token === '') throw new Error('empty one-time token');
    return token;
  },
);
