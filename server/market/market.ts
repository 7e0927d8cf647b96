/**
 * The market model: a seeded random walk per symbol (index, mark, last, book top, open interest,
 * funding) and its Bybit V5 linear ticker. Deterministic: it reads time only from the step
 * argument and randomness only from its Rng, and keeps every price as integer ticks.
 */
import type { Ticker } from '../../src/wire/protocol';
import { type Rng } from '../lib/rng';
import { INSTRUMENTS, type Instrument } from './instruments';
import { HOUR_MS, newBucket, RollingStats, type Bucket } from './stats';
import { buildTicker, diffTicker, type TickerWire } from './ticker';

export const FUNDING_INTERVAL_MS = 8 * HOUR_MS;
/** Funding rates are held in millionths; the cap is 0.5 %. */
export const FUNDING_CAP_PPM = 5000n;
const MINUTE_MS = 60_000;
/** Prices revert to their base with this time constant, so a long run stays plausible. */
const REVERSION_MS = 6 * HOUR_MS;
/** Trends (regimes) move a price by up to 6 % an hour; traders who read them right earn. */
const MAX_TREND_PER_HOUR = 0.06;

export interface SymbolState {
  readonly inst: Instrument;
  index: bigint;
  mark: bigint;
  last: bigint;
  bid: bigint;
  ask: bigint;
  bidSize: bigint;
  askSize: bigint;
  basisTicks: number;
  /** The current regime: relative drift per hour (a float of the model, never a price). */
  trendPerHour: number;
  tickDirection: string;
  openInterest: bigint;
  fundingPpm: bigint;
  nextFundingTime: number;
  readonly stats: RollingStats;
  cs: number;
  /** The ticker as last published: deltas are computed against it. */
  wire: TickerWire;
}

export interface TickerDelta {
  symbol: string;
  cs: number;
  /** `symbol` plus only the fields that changed. */
  data: Ticker;
}

export interface FundingEvent {
  symbol: string;
  fundingPpm: bigint;
  mark: bigint;
  at: number;
}

/** Largest trade or book size, in steps, worth about `usd` dollars at `price`. */
function stepsWorth(inst: Instrument, price: bigint, usd: number): number {
  const p = Number(price) / 10 ** inst.priceScale;
  const step = Number(inst.stepUnits) / 10 ** inst.qtyScale;
  return Math.max(1, Math.floor(usd / (p * step)));
}

const nextFundingAfter = (ms: number): number =>
  (Math.floor(ms / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS;

export class Market {
  private readonly states = new Map<string, SymbolState>();
  private lastMinute: number;
  /** Largest trade per tick: trade volume per second does not depend on the tick rate. */
  private readonly tradeUsd: number;

  constructor(
    private readonly rng: Rng,
    startMs: number,
    private readonly tickMs: number,
  ) {
    this.lastMinute = Math.floor(startMs / MINUTE_MS);
    this.tradeUsd = (20_000 * tickMs) / 100;
    for (const inst of INSTRUMENTS) this.states.set(inst.symbol, this.initial(inst, startMs));
  }

  symbols(): string[] {
    return [...this.states.keys()];
  }

  has(symbol: string): boolean {
    return this.states.has(symbol);
  }

  state(symbol: string): SymbolState {
    const s = this.states.get(symbol);
    if (!s) throw new RangeError(`unknown symbol ${symbol}`);
    return s;
  }

  /** The full current ticker (a copy). */
  ticker(symbol: string): Ticker {
    return { ...this.state(symbol).wire } as Ticker;
  }

  /** Advances every symbol by one tick at `now`; returns the changed fields per symbol. */
  step(now: number, onFunding?: (e: FundingEvent) => void): TickerDelta[] {
    const minute = Math.floor(now / MINUTE_MS);
    const newMinute = minute !== this.lastMinute;
    this.lastMinute = minute;
    const out: TickerDelta[] = [];
    for (const s of this.states.values()) {
      this.evolve(s, now, newMinute);
      if (now >= s.nextFundingTime) {
        onFunding?.({ symbol: s.inst.symbol, fundingPpm: s.fundingPpm, mark: s.mark, at: now });
        s.nextFundingTime = nextFundingAfter(now);
      }
      const next = buildTicker(s);
      const data = diffTicker(s.wire, next);
      s.wire = next;
      if (data) {
        s.cs += this.rng.int(1, 40);
        out.push({ symbol: s.inst.symbol, cs: s.cs, data });
      }
    }
    return out;
  }

  private evolve(s: SymbolState, now: number, newMinute: boolean): void {
    const { inst } = s;
    const rng = this.rng;
    const tick = inst.tickUnits;
    const ticks = Number(s.index / tick);
    const sigma = ticks * inst.volPerSqrtSec * Math.sqrt(this.tickMs / 1000);
    const reversion = (-Number((s.index - inst.basePrice) / tick) * this.tickMs) / REVERSION_MS;
    const drift = reversion + (ticks * s.trendPerHour * this.tickMs) / HOUR_MS;
    const move = rng.roundRandom(rng.normal() * sigma + drift);
    s.index += BigInt(move) * tick;
    if (s.index < tick) s.index = tick;

    s.basisTicks = Math.max(-3, Math.min(3, s.basisTicks + rng.int(-1, 1)));
    s.mark = s.index + BigInt(s.basisTicks) * tick;
    if (s.mark < tick) s.mark = tick;

    if (rng.chance(0.7)) {
      let last = s.mark + BigInt(rng.int(-2, 2)) * tick;
      if (last < tick) last = tick;
      const qty = BigInt(rng.int(1, stepsWorth(inst, last, this.tradeUsd))) * inst.stepUnits;
      s.tickDirection =
        last > s.last
          ? 'PlusTick'
          : last < s.last
            ? 'MinusTick'
            : s.tickDirection.endsWith('PlusTick')
              ? 'ZeroPlusTick'
              : 'ZeroMinusTick';
      s.last = last;
      s.stats.trade(now, last, qty);
      s.openInterest += BigInt(rng.int(-2, 2)) * qty;
      if (s.openInterest < inst.stepUnits) s.openInterest = inst.stepUnits;
    } else {
      s.stats.roll(now, s.last);
    }

    const bid = s.last - BigInt(rng.int(0, 1)) * tick;
    s.bid = bid < tick ? tick : bid;
    s.ask = s.bid + BigInt(rng.int(1, 2)) * tick;
    if (rng.chance(0.5)) {
      const deep = stepsWorth(inst, s.last, 200_000);
      s.bidSize = BigInt(rng.int(1, deep)) * inst.stepUnits;
      s.askSize = BigInt(rng.int(1, deep)) * inst.stepUnits;
    }
    if (newMinute) {
      // Trends last half an hour on average, then turn.
      if (rng.chance(1 / 30)) s.trendPerHour = (rng.float() * 2 - 1) * MAX_TREND_PER_HOUR;
      const f = s.fundingPpm + BigInt(rng.int(-8, 8));
      s.fundingPpm =
        f > FUNDING_CAP_PPM ? FUNDING_CAP_PPM : f < -FUNDING_CAP_PPM ? -FUNDING_CAP_PPM : f;
    }
  }

  private initial(inst: Instrument, startMs: number): SymbolState {
    const rng = this.rng;
    const tick = inst.tickUnits;
    const toTick = (p: bigint) => (p / tick < 1n ? tick : (p / tick) * tick);
    const baseTicks = Number(inst.basePrice / tick);
    const index = toTick(
      inst.basePrice + BigInt(Math.round(rng.normal() * baseTicks * 0.01)) * tick,
    );
    // 24 hours of history, walked backwards from the start price.
    const nowHour = Math.floor(startMs / HOUR_MS);
    const history: Bucket[] = [];
    let p = index;
    for (let h = nowHour - 1; h >= nowHour - 24; h--) {
      const hourly = Number(p / tick) * inst.volPerSqrtSec * 60;
      p = toTick(p + BigInt(Math.round(rng.normal() * hourly)) * tick);
      const b = newBucket(h, p);
      b.high = p + BigInt(rng.int(0, Math.max(1, Math.round(hourly)))) * tick;
      b.low = toTick(p - BigInt(rng.int(0, Math.max(1, Math.round(hourly)))) * tick);
      // About what the live walk trades in an hour: 0.7 trades per 100 ms of 10 000 USD each.
      b.volume = BigInt(rng.int(8_000, 16_000) * stepsWorth(inst, p, 20_000)) * inst.stepUnits;
      b.turnover = b.volume * p;
      history.unshift(b);
    }
    const deep = stepsWorth(inst, index, 200_000);
    const s: SymbolState = {
      inst,
      index,
      mark: index,
      last: index,
      bid: index - tick < tick ? tick : index - tick,
      ask: index,
      bidSize: BigInt(rng.int(1, deep)) * inst.stepUnits,
      askSize: BigInt(rng.int(1, deep)) * inst.stepUnits,
      basisTicks: 0,
      trendPerHour: (rng.float() * 2 - 1) * MAX_TREND_PER_HOUR,
      tickDirection: 'ZeroPlusTick',
      openInterest:
        BigInt(rng.int(5000, 50_000) * stepsWorth(inst, index, 20_000)) * inst.stepUnits,
      fundingPpm: BigInt(rng.int(-50, 150)),
      nextFundingTime: nextFundingAfter(startMs),
      stats: new RollingStats(nowHour, history, index),
      cs: rng.int(1_000_000, 9_000_000),
      wire: Object.create(null) as TickerWire,
    };
    s.wire = buildTicker(s);
    return s;
  }
}
