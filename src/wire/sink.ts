/**
 * The seam between the connection machine (lifecycle) and the ingest (data). The machine decodes
 * each frame once, handles op responses itself, and hands data frames to the sink; market and
 * account data never enter the machine's context.
 */
import type { PrivateDataFrame, StreamName, TickerFrame } from './protocol';

export interface FrameSink {
  /** A validated data frame arrived (`receivedAt`: ms, performance clock or Date.now()). */
  data(stream: StreamName, frame: PrivateDataFrame | TickerFrame, receivedAt: number): void;
  /** A frame failed validation and was rejected whole. */
  invalid(stream: StreamName, reason: string, receivedAt: number): void;
  /**
   * The stream is authenticated (private) and subscribed on a new connection: seq numbering
   * restarts and every private topic in `topics` must be (re)seeded from REST.
   */
  subscribed(stream: StreamName, topics: readonly string[], connId: string | undefined): void;
  /**
   * The server refused to subscribe `topics` (each tried in an op of its own): no data will
   * come for them on this stream until the app asks for them again.
   */
  refused(stream: StreamName, topics: readonly string[], reason: string): void;
  /** The connection was lost; frames may be missed until the next `subscribed`. */
  disconnected(stream: StreamName): void;
}
