/**
 * Rolling 24-hour statistics of one symbol in hourly buckets: open/high/low, volume and turnover.
 * All integers: prices at the price scale, volume at the qty scale, turnover at both summed.
 */

export const HOUR_MS = 3_600_000;
const WINDOW = 24;

export interface Bucket {
  hour: number;
  open: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  turnover: bigint;
}

export interface Window24h {
  prevPrice24h: bigint;
  prevPrice1h: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  turnover: bigint;
}

export class RollingStats {
  /** Oldest first; the last bucket is the current hour. */
  private buckets: Bucket[];

  /** `history` holds the open price of each of the 24 hours before `nowHour`, oldest first. */
  constructor(nowHour: number, history: readonly Bucket[], price: bigint) {
    this.buckets = [...history.slice(-WINDOW)];
    this.buckets.push(newBucket(nowHour, price));
  }

  /** Records a trade at `price` of `qty` (turnover = price * qty). */
  trade(nowMs: number, price: bigint, qty: bigint): void {
    const b = this.current(nowMs, price);
    if (price > b.high) b.high = price;
    if (price < b.low) b.low = price;
    b.volume += qty;
    b.turnover += price * qty;
  }

  /** Starts new hourly buckets when the clock has moved past the current hour. */
  roll(nowMs: number, price: bigint): void {
    this.current(nowMs, price);
  }

  window(): Window24h {
    const bs = this.buckets;
    const first = bs[0] as Bucket;
    const cur = bs[bs.length - 1] as Bucket;
    const prev1h = bs.length >= 2 ? (bs[bs.length - 2] as Bucket) : cur;
    let high = cur.high;
    let low = cur.low;
    let volume = 0n;
    let turnover = 0n;
    // The window is the current hour and the 23 before it; the 24th back only gives its open.
    for (let i = Math.max(0, bs.length - WINDOW); i < bs.length; i++) {
      const b = bs[i] as Bucket;
      if (b.high > high) high = b.high;
      if (b.low < low) low = b.low;
      volume += b.volume;
      turnover += b.turnover;
    }
    return { prevPrice24h: first.open, prevPrice1h: prev1h.open, high, low, volume, turnover };
  }

  private current(nowMs: number, price: bigint): Bucket {
    const hour = Math.floor(nowMs / HOUR_MS);
    let cur = this.buckets[this.buckets.length - 1] as Bucket;
    if (hour <= cur.hour) return cur;
    // Hours without a single tick (a long manual advance) open flat at the current price.
    for (let h = Math.max(cur.hour + 1, hour - WINDOW); h <= hour; h++) {
      cur = newBucket(h, price);
      this.buckets.push(cur);
    }
    while (this.buckets.length > WINDOW + 1) this.buckets.shift();
    return cur;
  }
}

export function newBucket(hour: number, price: bigint): Bucket {
  return { hour, open: price, high: price, low: price, volume: 0n, turnover: 0n };
}
