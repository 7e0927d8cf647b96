/**
 * The ingest: the FrameSink behind both connection machines. It buffers validated frames and
 * snapshot results, folds them through the pure reducers in one batch per topic (so a key updated
 * N times costs one row object and one map copy per batch), and writes the Jotai store once per
 * animation frame (per short task in Node and tests: the scheduler is injectable). The first
 * payload of a stream after start or (re)subscribe is written at once, so the first paint never
 * waits. A burst of 2 000 frames costs one store write and one render.
 *
 * It also owns the seeding rules (seeder.ts): every subscribed private topic is seeded from REST,
 * a seq gap re-seeds its topic, and ticker deltas are taken only after their symbol's snapshot on
 * the current connection. No frame is dropped silently: every ignored one is counted in the stats.
 */
import type { createStore } from 'jotai';
import { initialStreamState, type StreamState } from '../state/model';
import {
  emptyStats,
  IDLE_STATUS,
  STREAM_TOPICS,
  type IngestStats,
  type StreamAtoms,
  type StreamTopic,
  type TopicStatus,
} from '../state/atoms/stream';
import { shallowEqual } from '../state/atoms/rows';
import { IngestBuffer } from './ingest-buffer';
import {
  isPrivateTopic,
  type PrivateDataFrame,
  type PrivateTopic,
  type StreamName,
  type TickerFrame,
  type TopicEntity,
} from '../wire/protocol';
import { frameScheduler, type Scheduler } from './schedulers';
import { SeqTracker } from './seq';
import {
  globalTimers,
  Seeder,
  type FetchSnapshot,
  type SeederOptions,
  type SeedFailure,
  type SeedResult,
  type Timers,
} from './seeder';
import { WriteRate } from './write-rate';
import type { FrameSink } from '../wire/sink';

type Store = ReturnType<typeof createStore>;
const TICKER_PREFIX = 'tickers.';
type Items = readonly TopicEntity[PrivateTopic][];

export interface IngestOptions {
  store: Store;
  atoms: StreamAtoms;
  fetchSnapshot: FetchSnapshot;
  /** When to write the store; default: the next animation frame (a short task in Node). */
  scheduler?: Scheduler;
  /** ms clock for stats and retry times. */
  now?: () => number;
  /** Timers of the stats tick (default: the global ones, looked up at call time). */
  timers?: Timers;
  /** Retry, timeout and jitter settings of the seeder. */
  seeder?: Omit<SeederOptions, 'fetchSnapshot' | 'hooks' | 'now'>;
  /** Buffered frames beyond this are folded into the state early (still one store write). */
  maxBufferedFrames?: number;
  /** Every rejected frame or snapshot, with its reason (for logs; never shown as is). */
  onReject?: (stream: StreamName, reason: string) => void;
}

export class Ingest implements FrameSink {
  private readonly store: Store;
  private readonly atoms: StreamAtoms;
  private readonly scheduler: Scheduler;
  private readonly now: () => number;
  private readonly maxBuffered: number;
  private readonly seeder: Seeder;
  private readonly seq = new SeqTracker();

  private working: StreamState;
  private readonly buffer = new IngestBuffer();
  private batchFrames = 0;
  private cancelFlush: (() => void) | null = null;

  private statuses = {} as Record<StreamTopic, TopicStatus>;
  private dirtyStatuses = new Set<StreamTopic>();
  private stats: IngestStats = emptyStats();
  private statsDirty = false;
  private readonly writeRate: WriteRate;

  /** Streams whose first payload since (re)subscribing is still to come: written at once. */
  private readonly cold = new Set<StreamTopic>();
  private connected: Record<StreamName, boolean> = { public: false, private: false };
  private privateConnId: string | null | undefined = null;
  /** Private topics the app stopped subscribing: their late frames are ignored. */
  private readonly forgotten = new Set<PrivateTopic>();
  /** Symbols the app stopped subscribing: even a snapshot still in flight for them is ignored. */
  private readonly forgottenTickers = new Set<string>();
  /** Symbols whose snapshot arrived on the current public connection. */
  private readonly liveTickers = new Set<string>();
  /** liveTickers changed since the last write (the atoms get a copy). */
  private liveDirty = false;

  constructor(private readonly opts: IngestOptions) {
    this.store = opts.store;
    this.atoms = opts.atoms;
    this.scheduler = opts.scheduler ?? frameScheduler();
    this.now = opts.now ?? (() => Date.now());
    this.maxBuffered = opts.maxBufferedFrames ?? 1_000;
    this.writeRate = new WriteRate(this.now, opts.timers ?? globalTimers, (fps) => {
      // Writes stopped: only the rate changes (not counted as a write).
      this.stats.fps = fps;
      this.store.set(this.atoms.commitAtom, {
        state: this.atoms.committed(),
        stats: { ...this.stats },
      });
    });
    this.working = opts.atoms.committed();
    for (const t of STREAM_TOPICS) this.statuses[t] = IDLE_STATUS;
    this.seeder = new Seeder({
      ...opts.seeder,
      fetchSnapshot: opts.fetchSnapshot,
      now: this.now,
      hooks: {
        requested: () => {},
        seeded: (r) => this.onSeeded(r),
        failed: (f) => this.onSeedFailed(f),
      },
    });
  }

  // ---- FrameSink ----

  data(stream: StreamName, frame: PrivateDataFrame | TickerFrame, _receivedAt?: number): void {
    if (frame.kind === 'ticker') {
      if (stream !== 'public') return this.invalid(stream, 'ticker frame on the private stream');
      this.takeTicker(frame);
    } else {
      if (stream !== 'private') return this.invalid(stream, 'private topic on the public stream');
      this.takePrivate(frame);
    }
    this.stats.framesApplied++;
    this.statsDirty = true;
    this.batchFrames++;
    this.schedule(frame.kind === 'ticker' && frame.type === 'snapshot' ? 'public' : undefined);
  }

  invalid(stream: StreamName, reason: string, _receivedAt?: number): void {
    this.stats.framesRejected++;
    this.statsDirty = true;
    this.opts.onReject?.(stream, reason);
    this.schedule();
  }

  subscribed(stream: StreamName, topics: readonly string[], connId: string | undefined): void {
    this.connected[stream] = true;
    // Frames of a new connection may come before this call (the machine reports a connection
    // subscribed once every op is answered, and a snapshot follows its op's answer at once):
    // what they established stands. disconnected() is what forgets the previous connection.
    if (stream === 'public') {
      const live = this.liveTickers.size > 0;
      // Written at once: the stream's first quote on a new connection only. A symbol subscribed
      // while others are live waits for the frame like any delta: written at once, its store
      // write and React's render would run inside the websocket message's task, outside the frame
      // (one lead for the 52-56 ms message handlers of docs/performance.md).
      if (!live) this.cold.add('public');
      this.setStatus('public', live ? 'ready' : 'pending', live ? { hasData: true } : {});
    } else {
      // seq counts per connection: another connection without a disconnected() in between
      // starts again from 1. Topics added on the same connection start a numbering of their own.
      const sameConnection = this.privateConnId !== null && connId === this.privateConnId;
      if (this.privateConnId !== null && !sameConnection) this.seq.reset();
      this.privateConnId = connId;
      for (const t of topics) {
        if (!isPrivateTopic(t)) continue;
        if (sameConnection) this.seq.restart(t);
        this.forgotten.delete(t);
        this.cold.add(t);
        if (this.statuses[t].status !== 'error') this.setStatus(t, 'pending');
        this.seeder.seed(t);
      }
    }
    this.schedule();
  }

  /**
   * The server refused these topics: no data will come. A private topic shows the refusal as its
   * error (keeping what it had), with no retry; refused tickers are forgotten.
   */
  refused(stream: StreamName, topics: readonly string[], reason: string): void {
    const symbols: string[] = [];
    for (const t of topics) {
      if (stream === 'private' && isPrivateTopic(t)) {
        this.seeder.cancel(t);
        this.cold.delete(t);
        this.setStatus(t, 'error', { error: `subscription refused: ${reason}` });
      } else if (stream === 'public' && t.startsWith(TICKER_PREFIX)) {
        symbols.push(t.slice(TICKER_PREFIX.length));
      }
    }
    this.opts.onReject?.(stream, `subscription refused (${topics.join(',')}): ${reason}`);
    // Still wanted by the app (a later subscription may succeed): dropped, not forgotten.
    this.dropTickers(symbols);
    this.schedule();
  }

  disconnected(stream: StreamName): void {
    this.connected[stream] = false;
    if (stream === 'public') {
      this.clearLiveTickers();
      if (this.statuses.public.status === 'ready') this.setStatus('public', 'pending');
    } else {
      this.privateConnId = null;
      this.seq.reset();
      for (const t of STREAM_TOPICS) {
        if (t !== 'public' && this.statuses[t].status === 'ready') this.setStatus(t, 'pending');
      }
    }
    this.schedule();
  }

  // ---- control ----

  /**
   * Forgets the tickers of symbols no longer subscribed: a quote nobody updates any more must not
   * look live. Deltas still in flight for them are ignored (and counted) until a new snapshot.
   */
  forgetTickers(symbols: readonly string[]): void {
    for (const symbol of symbols) this.forgottenTickers.add(symbol);
    this.dropTickers(symbols);
  }

  /** The app subscribes these symbols (again): their frames count from the next snapshot on. */
  wantTickers(symbols: readonly string[]): void {
    for (const symbol of symbols) this.forgottenTickers.delete(symbol);
  }

  private dropTickers(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      if (this.liveTickers.delete(symbol)) this.liveDirty = true;
      this.buffer.removeTicker(symbol);
    }
    if (symbols.length > 0) this.schedule();
  }

  /**
   * The app stopped subscribing these private topics (a leader who no longer leads): their data
   * and status go (idle, no data), a request in flight is called off, and frames still on their
   * way are ignored (counted) until the topic is subscribed again.
   */
  forgetTopics(topics: readonly PrivateTopic[]): void {
    for (const t of topics) {
      this.seeder.cancel(t);
      this.seq.forget(t);
      this.cold.delete(t);
      this.forgotten.add(t);
      this.buffer.forget(t);
      this.setStatus(t, 'idle', { hasData: false });
    }
    if (topics.length > 0) this.schedule();
  }

  /** Re-seeds a private topic from REST now (coalesced with a request in flight). */
  reseed(topic: PrivateTopic): void {
    if (this.statuses[topic].status === 'ready') this.setStatus(topic, 'pending');
    this.seeder.seed(topic);
    this.schedule();
  }

  /** Writes everything buffered to the store now (one write), if anything changed. */
  flush(): void {
    if (this.cancelFlush) {
      this.cancelFlush();
      this.cancelFlush = null;
    }
    this.fold();
    const changed = this.working !== this.atoms.committed();
    if (!changed && this.dirtyStatuses.size === 0 && !this.statsDirty && !this.liveDirty) return;
    this.stats.writes++;
    this.stats.fps = this.writeRate.wrote();
    this.stats.lastBatchFrames = this.batchFrames;
    const statuses: Partial<Record<StreamTopic, TopicStatus>> = {};
    for (const topic of this.dirtyStatuses) statuses[topic] = this.statuses[topic];
    const touched = this.buffer.takeTouched();
    const liveQuotes = this.liveDirty ? new Set(this.liveTickers) : undefined;
    this.dirtyStatuses.clear();
    this.statsDirty = false;
    this.liveDirty = false;
    this.batchFrames = 0;
    this.store.set(this.atoms.commitAtom, {
      state: this.working,
      touched,
      statuses,
      stats: { ...this.stats },
      ...(liveQuotes ? { liveQuotes } : {}),
    });
  }

  /**
   * Sign-out: forgets all data, statuses, counters and requests in flight, and clears the atoms
   * at once (the next user never sees the previous one's account).
   */
  reset(): void {
    this.seeder.stop();
    if (this.cancelFlush) this.cancelFlush();
    this.cancelFlush = null;
    this.buffer.clear();
    this.batchFrames = 0;
    this.seq.reset();
    this.clearLiveTickers();
    this.privateConnId = null;
    this.cold.clear();
    this.forgotten.clear();
    this.forgottenTickers.clear();
    this.connected = { public: false, private: false };
    this.working = initialStreamState();
    this.stats = emptyStats();
    this.writeRate.reset();
    for (const t of STREAM_TOPICS) {
      this.statuses[t] = IDLE_STATUS;
      this.dirtyStatuses.add(t);
    }
    this.statsDirty = true;
    this.flush();
  }

  /** The state as it will be after the next write (folds the buffer; no store write). */
  peek(): StreamState {
    this.fold();
    return this.working;
  }

  getStats(): Readonly<IngestStats> {
    return this.stats;
  }

  // ---- internals ----

  private takeTicker(frame: TickerFrame): void {
    const symbol = frame.data.symbol;
    if (this.forgottenTickers.has(symbol)) {
      // Unsubscribed: a snapshot still on its way must not bring back a quote nobody updates.
      if (frame.type === 'snapshot') this.stats.framesIgnored++;
      else this.stats.tickerDeltasIgnored++;
      return;
    }
    if (frame.type === 'snapshot') {
      if (!this.liveTickers.has(symbol)) {
        this.liveTickers.add(symbol);
        this.liveDirty = true;
      }
      if (this.statuses.public.status !== 'ready') {
        this.setStatus('public', 'ready', { hasData: true });
      }
    } else if (!this.liveTickers.has(symbol)) {
      // A delta is relative to a snapshot of this connection: without one it means nothing.
      this.stats.tickerDeltasIgnored++;
      return;
    }
    this.buffer.ticker({ type: frame.type, data: frame.data });
  }

  private takePrivate(frame: PrivateDataFrame): void {
    const topic = frame.topic;
    if (this.forgotten.has(topic)) {
      this.stats.framesIgnored++;
      return;
    }
    const items = frame.items as Items;
    const verdict = this.seq.observe(topic, frame.seq);
    if (verdict === 'repeat') this.stats.seqRepeats++;
    if (frame.type === 'snapshot') {
      const atMicros = `${frame.creationTime}000`;
      this.buffer.snapshot(topic, items, atMicros);
      this.seeder.noteSnapshot(topic, items, atMicros);
    } else {
      this.buffer.delta(topic, items);
      this.seeder.noteDelta(topic, items);
    }
    if (verdict === 'gap') {
      this.stats.resyncs++;
      if (this.statuses[topic].status === 'ready') this.setStatus(topic, 'pending');
      this.seeder.seed(topic);
    }
  }

  private onSeeded({ topic, items, atMicros, queued }: SeedResult): void {
    this.buffer.snapshot(topic, items, atMicros);
    // The frames received meanwhile, again, in arrival order: deltas with absentBefore (a stale
    // one must not re-create what the snapshot lacks); a stream snapshot replaces the REST one
    // (it may be newer), and the deltas after it apply as they did live.
    let opts = atMicros === undefined ? undefined : { absentBefore: atMicros };
    for (const q of queued) {
      if (q.kind === 'snapshot') {
        this.buffer.snapshot(topic, q.items, q.atMicros);
        opts = undefined;
      } else {
        this.buffer.delta(topic, q.items, opts);
      }
    }
    this.stats.snapshotsApplied++;
    this.statsDirty = true;
    this.setStatus(topic, this.connected.private ? 'ready' : 'pending', { hasData: true });
    this.schedule(topic);
  }

  private onSeedFailed({ topic, reason, badBody, retryAt }: SeedFailure): void {
    this.stats.snapshotFailures++;
    if (badBody) this.stats.framesRejected++;
    this.statsDirty = true;
    this.opts.onReject?.('private', `snapshot of ${topic}: ${reason}`);
    this.setStatus(topic, 'error', { error: reason, retryAt });
    this.schedule();
  }

  private clearLiveTickers(): void {
    if (this.liveTickers.size === 0) return;
    this.liveTickers.clear();
    this.liveDirty = true;
  }

  private setStatus(
    topic: StreamTopic,
    status: TopicStatus['status'],
    extra: { error?: string; retryAt?: number | undefined; hasData?: boolean } = {},
  ): void {
    const prev = this.statuses[topic];
    const next: TopicStatus = { status, hasData: extra.hasData ?? prev.hasData };
    if (extra.error !== undefined) next.error = extra.error;
    if (extra.retryAt !== undefined) next.retryAt = extra.retryAt;
    if (shallowEqual(prev, next)) return;
    this.statuses[topic] = next;
    this.dirtyStatuses.add(topic);
  }

  private fold(): void {
    if (this.buffer.size === 0) return;
    const { state, ignored } = this.buffer.fold(this.working);
    this.working = state;
    this.stats.tickerDeltasIgnored += ignored;
  }

  /** Writes at the next tick of the scheduler, or now for the first payload of `first`. */
  private schedule(first?: StreamTopic): void {
    if (first !== undefined && this.cold.delete(first)) {
      this.flush();
      return;
    }
    if (this.buffer.size >= this.maxBuffered) this.fold();
    this.cancelFlush ??= this.scheduler(() => {
      this.cancelFlush = null;
      this.flush();
    });
  }
}
