/** What the trading code needs from the engine (kept narrow so each part stays testable). */
import type { Clock } from '../clock';
import type { Rng } from '../lib/rng';
import type { Market } from '../market/market';
import type { Emit, Ledger } from './ledger';
import type { PositionRec } from './position-math';

export interface EngineTiming {
  /** Delay ranges in simulated ms. */
  ackMs: readonly [number, number];
  partialFillMs: readonly [number, number];
  fillMs: readonly [number, number];
  closeMs: readonly [number, number];
  /** Pause between two actions of one leader. */
  leaderActionMs: readonly [number, number];
  /** A closed symbol may not be reopened by its leader for this long. */
  reopenCooldownMs: number;
  /** Probability that a copy order is rejected by the exchange. */
  copyRejectChance: number;
}

export const DEFAULT_TIMING: EngineTiming = {
  ackMs: [80, 250],
  partialFillMs: [100, 400],
  fillMs: [100, 600],
  closeMs: [150, 600],
  leaderActionMs: [15_000, 45_000],
  reopenCooldownMs: 3_000,
  copyRejectChance: 0.03,
};

export interface EngineContext {
  readonly clock: Clock;
  /** Trading decisions. */
  readonly rng: Rng;
  /** Order ids only. */
  readonly ids: Rng;
  readonly market: Market;
  readonly emit: Emit;
  readonly timing: EngineTiming;
  ledger(userId: number): Ledger;
  /** Followers of a leader, in account order. */
  followers(leaderId: number): readonly Ledger[];
  /** Re-values a book and publishes whatever changed (positions, wallet, risk, totals). */
  refresh(l: Ledger): void;
  /** Publishes a leader's income (after a follower's close or a share). */
  refreshIncome(leaderId: number): void;
  /** Publishes one position of a book if it changed. */
  publishPosition(l: Ledger, p: PositionRec): void;
  availableE8(l: Ledger): bigint;
}
