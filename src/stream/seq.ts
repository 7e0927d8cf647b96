/**
 * `seq` continuity of the private stream: per connection and topic, from 1. A jump forward means
 * frames were lost and the topic must be re-seeded from REST (PROTOCOL.md section 4).
 */
import type { PrivateTopic } from './protocol';

export type SeqVerdict = 'ok' | 'gap' | 'repeat';

export class SeqTracker {
  private last = new Map<PrivateTopic, number>();

  /** A new connection: numbering starts again from 1. */
  reset(): void {
    this.last.clear();
  }

  /** Records `seq` for `topic`; 'gap' when frames in between were lost. */
  observe(topic: PrivateTopic, seq: number): SeqVerdict {
    const prev = this.last.get(topic) ?? 0;
    if (seq <= prev) return 'repeat';
    this.last.set(topic, seq);
    return seq === prev + 1 ? 'ok' : 'gap';
  }

  lastSeq(topic: PrivateTopic): number {
    return this.last.get(topic) ?? 0;
  }
}
