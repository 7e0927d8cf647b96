/**
 * `seq` continuity of the private stream: per connection and topic, from 1. A jump forward means
 * frames were lost and the topic must be re-seeded from REST (PROTOCOL.md section 4).
 */
import type { PrivateTopic } from '../wire/protocol';

export type SeqVerdict = 'ok' | 'gap' | 'repeat';

export class SeqTracker {
  private last = new Map<PrivateTopic, number>();
  /** Topics subscribed again on the same connection -> their last seq before that. */
  private restarted = new Map<PrivateTopic, number>();

  /** A new connection: numbering starts again from 1. */
  reset(): void {
    this.last.clear();
    this.restarted.clear();
  }

  /**
   * `topic` was subscribed again on the same connection. PROTOCOL.md counts per connection and
   * topic without saying whether a new subscription starts from 1 again (the simulator carries
   * on): either is continuous, anything else is a gap.
   */
  restart(topic: PrivateTopic): void {
    this.restarted.set(topic, this.last.get(topic) ?? 0);
    this.last.delete(topic);
  }

  /** `topic` is no longer followed: its numbering is forgotten. */
  forget(topic: PrivateTopic): void {
    this.last.delete(topic);
    this.restarted.delete(topic);
  }

  /** Records `seq` for `topic`; 'gap' when frames in between were lost. */
  observe(topic: PrivateTopic, seq: number): SeqVerdict {
    const before = this.restarted.get(topic);
    if (before !== undefined) {
      this.restarted.delete(topic);
      this.last.set(topic, seq);
      return seq === 1 || seq === before + 1 ? 'ok' : 'gap';
    }
    const prev = this.last.get(topic) ?? 0;
    if (seq <= prev) return 'repeat';
    this.last.set(topic, seq);
    return seq === prev + 1 ? 'ok' : 'gap';
  }

  /** An independent copy (a replay checkpoint): observing either leaves the other as it was. */
  clone(): SeqTracker {
    const out = new SeqTracker();
    out.last = new Map(this.last);
    out.restarted = new Map(this.restarted);
    return out;
  }

  lastSeq(topic: PrivateTopic): number {
    return this.last.get(topic) ?? 0;
  }
}
