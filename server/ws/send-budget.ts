/**
 * The bytes queued for clients that have not taken them yet, over every connection of a server.
 * Each connection may hold MAX_BUFFERED_BYTES (conn.ts); this bounds the sum, so that many clients
 * that stop reading cannot grow the process without end (2 000 × 32 MB before). When a write takes
 * the total over the limit, the connections holding the most are closed (1008, slow consumer)
 * until the total is back under the low-water mark: the worst offenders go, readers stay.
 *
 * The total is kept incrementally (each connection's last known `bufferedAmount`), so a write
 * costs O(1); a connection whose queue drained since its last write still counts its old figure
 * until it is written to again, which errs on the safe side, and the exact figure is taken over
 * all connections before anyone is closed.
 */

/** Unsent bytes over all connections beyond which the largest holders are closed. */
const MAX_TOTAL_UNSENT_BYTES = 256 * 1024 * 1024;

/** What the budget needs of a connection. */
export interface BudgetMember {
  /** Bytes queued for the client now (ws `bufferedAmount`). */
  unsent(): number;
  /** Closes the connection at once as a slow consumer (what waits is dropped). */
  shed(): void;
}

export class SendBudget {
  private readonly held = new Map<BudgetMember, number>();
  private total = 0;
  /** Connections closed to keep the total bounded (the operator's view, tests). */
  shedCount = 0;

  constructor(readonly maxBytes: number = MAX_TOTAL_UNSENT_BYTES) {}

  /** The total as last known (an upper bound of the real one). */
  get knownTotal(): number {
    return this.total;
  }

  /** A write to `m` left `unsent` bytes queued: updates the total, sheds when it is over. */
  update(m: BudgetMember, unsent: number): void {
    const before = this.held.get(m) ?? 0;
    if (unsent === 0) this.held.delete(m);
    else this.held.set(m, unsent);
    this.total += unsent - before;
    if (this.total > this.maxBytes) this.shed();
  }

  /** The connection is gone: its bytes no longer count. */
  remove(m: BudgetMember): void {
    const before = this.held.get(m);
    if (before === undefined) return;
    this.held.delete(m);
    this.total -= before;
  }

  /** Exact figures first; then the largest holders go until the total is under 3/4 of the limit. */
  private shed(): void {
    this.total = 0;
    for (const m of [...this.held.keys()]) {
      const n = m.unsent();
      if (n === 0) this.held.delete(m);
      else this.held.set(m, n);
      this.total += n;
    }
    if (this.total <= this.maxBytes) return;
    const lowWater = Math.floor((this.maxBytes * 3) / 4);
    const worst = [...this.held.entries()].sort((a, b) => b[1] - a[1]);
    for (const [m] of worst) {
      if (this.total <= lowWater) break;
      this.remove(m);
      this.shedCount++;
      m.shed();
    }
  }
}
