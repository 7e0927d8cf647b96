/**
 * The browser's session recording (docs/replay.md): while it runs, the app's own transport and
 * HTTP client report every frame in and out, every open and close, and the raw snapshot answers
 * to a SessionRecorder (src/pipeline/session-recorder.ts, through its wire tap). Starting reconnects
 * both live streams, so the file begins with a full handshake and fresh snapshots and replays on
 * its own. Stopping downloads the file. It stops by itself at the size limit (memory stays
 * bounded) and when the user changes (sign-out), downloading what it has.
 *
 * One controller per Jotai store, outside React: the recording goes on while the connection panel
 * that shows it is closed.
 */
import type { createStore } from 'jotai';
import { userAtom } from '../../facade';
import { liveConnectionsAtom } from '../../facade';
import { SessionRecorder, type StopReason } from '../../facade';
import type { TapSlot } from '../../facade';
import { downloadText } from '../../ui/download';

type Store = ReturnType<typeof createStore>;

/** Recordings stop at this size (characters of the file, about bytes). */
export const RECORDING_LIMIT_MB = 32;
const MB = 1024 * 1024;

export interface RecordingSnapshot {
  readonly recording: boolean;
  readonly elapsedMs: number;
  readonly events: number;
  /** The last recording that ended (kept for "download again" until dismissed). */
  readonly last: { reason: StopReason; events: number; fileName: string } | null;
}

export interface RecordingOptions {
  /** The app's tap slot, shared with its transport and HTTP client (src/main.tsx). */
  tap: TapSlot;
  now?: () => number;
  /** Size limit in characters; default RECORDING_LIMIT_MB. */
  maxChars?: number;
  /** How a finished file reaches the user; default: a browser download. */
  download?: (fileName: string, text: string) => void;
  /** How often elapsed time and event count are sampled for the view (ms). */
  sampleMs?: number;
}

/** A finished recording, saved as a browser download. */
const downloadRecording = (fileName: string, text: string) =>
  downloadText(fileName, text, 'application/x-ndjson');

const IDLE: RecordingSnapshot = { recording: false, elapsedMs: 0, events: 0, last: null };

export class RecordingController {
  private rec: SessionRecorder | null = null;
  private userId = 0;
  private lastText: string | null = null;
  private snap: RecordingSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private sampler: ReturnType<typeof setInterval> | undefined;
  private unwatch: (() => void) | undefined;
  private readonly now: () => number;
  private readonly download: (fileName: string, text: string) => void;

  constructor(
    private readonly store: Store,
    private readonly opts: RecordingOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.download = opts.download ?? downloadRecording;
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RecordingSnapshot => this.snap;

  /** Whether a recording can start: someone is signed in and nothing else records. */
  canStart(): boolean {
    return this.rec === null && this.store.get(userAtom).userId > 0 && this.opts.tap.get() === null;
  }

  start(): void {
    if (!this.canStart()) return;
    this.userId = this.store.get(userAtom).userId;
    const rec = new SessionRecorder({
      userId: this.userId,
      now: this.now,
      maxChars: this.opts.maxChars ?? RECORDING_LIMIT_MB * MB,
      onStop: (reason) => this.finish(reason),
    });
    this.rec = rec;
    this.lastText = null;
    this.opts.tap.set(rec);
    this.unwatch = this.store.sub(userAtom, () => {
      if (this.store.get(userAtom).userId !== this.userId) rec.stop('signed-out');
    });
    // A fresh start of both streams: handshake and snapshots are in the file.
    const conns = this.store.get(liveConnectionsAtom);
    for (const actor of [conns.public, conns.private]) {
      if (!actor) continue;
      actor.send({ type: 'STOP' });
      actor.send({ type: 'CONNECT' });
    }
    this.sampler = setInterval(() => this.sample(), this.opts.sampleMs ?? 1_000);
    this.sample();
  }

  /** Stops and downloads. */
  stop(): void {
    this.rec?.stop('stopped');
  }

  /** Downloads the last finished recording again. */
  downloadAgain(): void {
    const last = this.snap.last;
    if (last && this.lastText !== null) this.download(last.fileName, this.lastText);
  }

  /** Forgets the last finished recording. */
  dismiss(): void {
    this.lastText = null;
    this.set({ ...this.snap, last: null });
  }

  /** Stops a running recording without a download (the app is going away). */
  dispose(): void {
    if (this.rec) {
      this.cleanup();
      this.rec = null;
    }
  }

  private finish(reason: StopReason): void {
    const rec = this.rec;
    if (!rec) return;
    this.cleanup();
    this.rec = null;
    const stamp = new Date(rec.startedAt).toISOString().replace(/[:.]/g, '-');
    const fileName = `assetdeck-session-${this.userId}-${stamp}.jsonl`;
    this.lastText = rec.text();
    this.set({
      recording: false,
      elapsedMs: rec.elapsedMs,
      events: rec.eventCount,
      last: { reason, events: rec.eventCount, fileName },
    });
    this.download(fileName, this.lastText);
  }

  private cleanup(): void {
    if (this.opts.tap.get() === this.rec) this.opts.tap.set(null);
    clearInterval(this.sampler);
    this.sampler = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
  }

  private sample(): void {
    const rec = this.rec;
    if (!rec) return;
    // While recording, the notice of an earlier recording is gone.
    this.set({ recording: true, elapsedMs: rec.elapsedMs, events: rec.eventCount, last: null });
  }

  private set(next: RecordingSnapshot): void {
    const s = this.snap;
    if (
      s.recording === next.recording &&
      s.elapsedMs === next.elapsedMs &&
      s.events === next.events &&
      s.last === next.last
    ) {
      return;
    }
    this.snap = next;
    for (const l of [...this.listeners]) l();
  }
}

const controllers = new WeakMap<Store, RecordingController>();

/** The recording controller of a store (created on first use). */
export function recordingFor(store: Store, opts: RecordingOptions): RecordingController {
  let c = controllers.get(store);
  if (!c) {
    c = new RecordingController(store, opts);
    controllers.set(store, c);
  }
  return c;
}
