/**
 * Counters of one connection actor: frames in, frames rejected, last client frame out, and the
 * last frame per topic. The transport writes them per frame without going through the machine
 * (2,000 frames a second must not mean 2,000 machine transitions); the ticker samples them once
 * a second into primitives the machine keeps for the status hooks.
 */
import type { LiveSample } from './connection.types';

export class FrameMeter {
  /** Every frame received (data, answers, rejected). */
  frames = 0;
  rejected = 0;
  /** Last frame of any kind received, ms. */
  lastFrameAt = Number.NEGATIVE_INFINITY;
  /** Last client frame written to a socket, ms (the server drops us after serverIdleMs without one). */
  lastSentAt = Number.NEGATIVE_INFINITY;
  private readonly topicLastAt = new Map<string, number>();
  /** Topics subscribed on the live connection -> when their freshness clock started. */
  private readonly tracked = new Map<string, number>();
  private sampleFrames = 0;
  private sampleAt = 0;

  constructor(private readonly topicStaleAfterMs: number) {}

  /** A frame arrived; `topic` for data frames. */
  received(topic: string | undefined, at: number): void {
    this.frames += 1;
    this.lastFrameAt = at;
    if (topic !== undefined) this.topicLastAt.set(topic, at);
  }

  /** A frame failed validation (it still proves the socket is alive). */
  rejectedFrame(at: number): void {
    this.rejected += 1;
    this.received(undefined, at);
  }

  sent(at: number): void {
    this.lastSentAt = at;
  }

  /** A connection became live with `topics` subscribed: every freshness clock starts now. */
  beginLive(topics: readonly string[], at: number): void {
    this.tracked.clear();
    for (const t of topics) this.tracked.set(t, at);
    this.lastFrameAt = Math.max(this.lastFrameAt, at);
    this.sampleFrames = this.frames;
    this.sampleAt = at;
  }

  /** Topics subscribed while live start their clock now. */
  track(topics: readonly string[], at: number): void {
    for (const t of topics) if (!this.tracked.has(t)) this.tracked.set(t, at);
  }

  untrack(topics: readonly string[]): void {
    for (const t of topics) this.tracked.delete(t);
  }

  endLive(): void {
    this.tracked.clear();
  }

  /** When `topic` last had a frame, if ever. */
  topicLastFrameAt(topic: string): number | undefined {
    return this.topicLastAt.get(topic);
  }

  /** Frames per second since the previous sample, staleness, per-topic freshness. */
  sample(at: number): LiveSample {
    const elapsed = at - this.sampleAt;
    const fps =
      elapsed > 0 ? Math.round(((this.frames - this.sampleFrames) * 10_000) / elapsed) / 10 : 0;
    this.sampleFrames = this.frames;
    this.sampleAt = at;
    const stale: string[] = [];
    for (const [topic, since] of this.tracked) {
      const last = Math.max(since, this.topicLastAt.get(topic) ?? since);
      if (at - last > this.topicStaleAfterMs) stale.push(topic);
    }
    stale.sort();
    return {
      fps,
      silentMs: Math.max(0, at - this.lastFrameAt),
      staleTopics: stale.join(','),
      staleTopicCount: stale.length,
      rejectedFrames: this.rejected,
    };
  }
}
