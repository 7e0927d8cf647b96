/**
 * The port a session recorder plugs into (src/pipeline/session-recorder.ts): what the app's
 * transport (machines/connection-transport.ts) and HTTP client (src/api/http.ts) report while a
 * session is being recorded. Types and the slot only, at the bottom of the house, so that both
 * can take a tap without knowing the recorder.
 */
import type { StreamName } from './protocol';

export interface RestExchange {
  /** When the request was sent and when its answer arrived, on the recorder's clock (ms). */
  sentAt: number;
  arrivedAt?: number;
  method: string;
  /** Relative to the API base, query included ("/v3/private/asset/wallets"). */
  path: string;
  status: number;
  body: string;
}

/** What the app's transport and HTTP client report while a session is being recorded. */
export interface WireTap {
  /** The recorder's ms clock (request send times are taken on it). */
  now(): number;
  open(stream: StreamName): void;
  send(stream: StreamName, text: string): void;
  /** A received frame as it came off the socket (text; binary is decoded as UTF-8). */
  recv(stream: StreamName, data: unknown): void;
  close(stream: StreamName, code: number, reason: string): void;
  rest(exchange: RestExchange): void;
}

/** Reads the tap in place now: null (one check) unless a session is being recorded. */
export type TapReader = () => WireTap | null;

/**
 * Where a recorder plugs into the app's transport and HTTP client. One per app, created at the
 * root (src/main.tsx) and handed to each of them: no module-level state links them.
 */
export interface TapSlot {
  readonly get: TapReader;
  set(tap: WireTap | null): void;
}

export function createTapSlot(): TapSlot {
  let tap: WireTap | null = null;
  return {
    get: () => tap,
    set: (next) => {
      tap = next;
    },
  };
}
