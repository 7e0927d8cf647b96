/**
 * Reconnect delays: exponential backoff with full jitter (AWS Architecture Blog, "Exponential
 * Backoff And Jitter"). Full jitter spreads a crowd of clients that lost the same server over the
 * whole window, so they do not all come back in the same millisecond. Hand-written because
 * reconnecting-websocket's own backoff has no jitter (see machines/connection-transport.ts).
 */

/** The upper bound of the delay before reconnect attempt `attempt` (1-based), in ms. */
export function backoffCeiling(attempt: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2 ** exponent overflows to Infinity for huge attempts; Math.min keeps the cap.
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/**
 * The delay before reconnect attempt `attempt` (1-based): uniform in [0, ceiling). `random`
 * returns [0, 1) like Math.random; out-of-range or non-finite values are clamped so that a bad
 * injected source can never produce a negative or uncapped delay.
 */
export function backoffDelay(
  attempt: number,
  random: () => number,
  baseMs: number,
  maxMs: number,
): number {
  const ceiling = backoffCeiling(attempt, baseMs, maxMs);
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.min(Math.floor(unit * ceiling), Math.max(0, ceiling - 1));
}

/**
 * The delay before retry `attempt` (1-based) with equal jitter: uniform in [ceiling / 2,
 * ceiling]. For the REST snapshot seeder, where a retry at 0 ms would hammer a server that just
 * failed, while a crowd still spreads over half the window.
 */
export function equalJitterDelay(
  attempt: number,
  random: () => number,
  baseMs: number,
  maxMs: number,
): number {
  const ceiling = backoffCeiling(attempt, baseMs, maxMs);
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.round(ceiling * (0.5 + unit / 2));
}
