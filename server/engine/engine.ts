/**
 * The copy-trade engine: every account's book, re-valued from the market on a fixed cadence and
 * after every trade, publishing each change once through `emit` (to the private stream) and
 * keeping the published entities as the truth a client must converge to.
 */
import { every, type Clock, type Repeater } from '../clock';
import { ACCOUNTS } from '../accounts/demo';
import { divRound, pow10, rescale } from '../lib/fixed';
import { Rng } from '../lib/rng';
import type { FundingEvent, Market } from '../market/market';
import { DEFAULT_TIMING, type EngineContext, type EngineTiming } from './context';
import { DAY_MS, dayOf, Ledger, sameContent, SHARE_HISTORY_DAYS, type Emit } from './ledger';
import { positionWire, type PositionRec } from './position-math';
import { scheduleTrading, seedPositions } from './traders';
import {
  copyAccountOf,
  leaderIncomeOf,
  leaderWalletOf,
  riskOf,
  usdtWallet,
  valuate,
} from './valuation';

export interface EngineOptions {
  seed: number;
  /** How often open books are re-valued at the mark price (simulated ms). */
  markMs: number;
  timing?: Partial<EngineTiming>;
}

export class Engine implements EngineContext {
  readonly rng: Rng;
  readonly ids: Rng;
  readonly timing: EngineTiming;
  private readonly ledgers = new Map<number, Ledger>();
  private readonly followerIndex = new Map<number, Ledger[]>();
  private running = false;
  private markLoop: Repeater | null = null;
  /** The simulated time the engine started from: the accounts' histories lead up to it. */
  readonly startedAt: number;

  constructor(
    readonly clock: Clock,
    readonly market: Market,
    readonly emit: Emit,
    private readonly opts: EngineOptions,
  ) {
    this.rng = new Rng(opts.seed, 2);
    this.ids = new Rng(opts.seed, 3);
    this.timing = { ...DEFAULT_TIMING, ...opts.timing };
    const start = clock.now();
    this.startedAt = start;
    for (const spec of ACCOUNTS) this.ledgers.set(spec.userId, new Ledger(spec, start));
    for (const l of this.ledgers.values()) {
      for (const f of l.follows) {
        let list = this.followerIndex.get(f.leaderId);
        if (!list) this.followerIndex.set(f.leaderId, (list = []));
        list.push(l);
      }
    }
  }

  /** Opens the starting positions and sets the traders and the mark-to-market loop going. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const traders = [...this.ledgers.values()].filter((l) => l.spec.trades);
    for (const l of traders) seedPositions(this, l);
    for (const l of this.ledgers.values()) {
      this.refresh(l);
      if (l.leader) this.refreshIncome(l.userId);
    }
    for (const l of traders) scheduleTrading(this, l, () => this.running);
    this.markLoop = every(this.clock, this.opts.markMs, () => this.markToMarket());
    this.scheduleMidnight();
  }

  stop(): void {
    this.running = false;
    this.markLoop?.stop();
  }

  has(userId: number): boolean {
    return this.ledgers.has(userId);
  }

  ledger(userId: number): Ledger {
    const l = this.ledgers.get(userId);
    if (!l) throw new RangeError(`no account ${userId}`);
    return l;
  }

  followers(leaderId: number): readonly Ledger[] {
    return this.followerIndex.get(leaderId) ?? [];
  }

  availableE8(l: Ledger): bigint {
    return valuate(l, this.market).availableE8;
  }

  publishPosition(l: Ledger, p: PositionRec): void {
    const now = this.clock.now();
    const next = positionWire(p, this.market.state(p.symbol).mark, now);
    const cur = l.positionWires.get(p.key) ?? null;
    if (sameContent(cur, next)) return;
    l.positionWires.set(p.key, next);
    // Every account's positions, copied or its own (docs/assets.md, Positions).
    this.emit(l.userId, 'copytrade.position', [next]);
  }

  refresh(l: Ledger): void {
    const now = this.clock.now();
    for (const key of l.positionOrder) {
      const p = l.positions.get(key);
      if (p) this.publishPosition(l, p);
    }
    const v = valuate(l, this.market);
    l.publishWallet(usdtWallet(l, v), now, this.emit);
    l.publishRisk(riskOf(v, now), this.emit);
    if (l.isFollower) l.publishAccount(copyAccountOf(l, v, now), this.emit);
    if (l.leader)
      l.publishLeaderWallet(leaderWalletOf(l, v, this.followers(l.userId), now), this.emit);
  }

  refreshIncome(leaderId: number): void {
    const l = this.ledger(leaderId);
    if (!l.leader) return;
    l.publishLeaderIncome(leaderIncomeOf(l, this.followers(leaderId), this.clock.now()), this.emit);
  }

  /** Funding settlement: longs pay shorts when the rate is positive (and the reverse). */
  onFunding(e: FundingEvent): void {
    for (const l of this.ledgers.values()) {
      let touched = false;
      for (const p of l.positions.values()) {
        if (p.symbol !== e.symbol) continue;
        const notional = rescale(p.size * e.mark, p.inst.priceScale + p.inst.qtyScale, 8);
        const fee = divRound(notional * e.fundingPpm, pow10(6), 'trunc');
        const paid = p.side === 'Buy' ? fee : -fee;
        l.cashE8 -= paid;
        l.cumRealisedE8 -= paid;
        touched = true;
      }
      if (touched) this.refresh(l);
    }
  }

  private markToMarket(): void {
    for (const l of this.ledgers.values()) {
      if (l.positions.size > 0 || l.orders.size > 0) this.refresh(l);
    }
  }

  /** Today's share profit starts again from zero at 00:00 UTC. */
  private scheduleMidnight(): void {
    const next = (dayOf(this.clock.now()) + 1) * DAY_MS;
    this.clock.at(next, () => {
      if (!this.running) return;
      for (const l of this.ledgers.values()) {
        if (!l.leader) continue;
        // The finished day goes into the history; the all-time total is unchanged.
        const ended = dayOf(next) - 1;
        l.leader.shareByDay.set(ended, l.leader.todayShareE8);
        l.leader.shareByDay.delete(ended - (SHARE_HISTORY_DAYS - 1)); // the history is bounded
        l.leader.todayShareE8 = 0n;
        this.refreshIncome(l.userId);
      }
      this.scheduleMidnight();
    });
  }
}
