/**
 * Whether a slow stretch of a page was the page's work or the machine's: how long the page's
 * renderer main thread waited for a CPU, read from Linux's scheduler statistics while a
 * benchmark runs (scripts/bench-browser.ts).
 *
 * The browser's own timings (long animation frames, app-ready) are wall time. On this shared
 * 2-core machine a thread that is ready to run can wait on the run queue while another process
 * (the harness's servers, the browser's other processes, someone else's build) has both cores,
 * and a frame then looks long though the page did nothing more. `/proc/<pid>/task/<tid>/schedstat`
 * counts, per thread, the time it ran and the time it waited on a run queue (ns, cumulative); a
 * renderer's main thread is the thread whose id is the process id. The host's share is apart:
 * time a virtual CPU was not running at all is the machine's `steal` in `/proc/stat` (the guest
 * counts it as the thread running), so it is sampled too, for the whole machine.
 *
 * Sampled every SAMPLE_MS (10 ms) in the harness's process; every sample carries the time it
 * was read, so a late timer costs resolution, not accuracy. Which renderer is the page's is not
 * known from the outside (CDP names no process id): `window` picks the renderer that ran the most
 * in the window asked about, the page being measured. Linux only: elsewhere `available` is false
 * and the figures are absent.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Cumulative times of one thread at one moment (ms; `at` is epoch ms). */
interface ThreadSample {
  at: number;
  onCpu: number;
  wait: number;
}

interface StealSample {
  at: number;
  /** The machine's steal time, all CPUs together (ms). */
  steal: number;
}

/** What one window of time was made of, for the renderer main thread that ran the most in it (ms). */
export interface CpuWindow {
  pid: number;
  /** Time the thread ran. */
  onCpu: number;
  /** Time it was ready to run and waited on a run queue for a CPU. */
  wait: number;
  /** The machine's steal time (the host ran something else), all CPUs together. */
  steal: number;
}

export interface CpuWaitOptions {
  /** Default /proc (tests point it at a directory of their own). */
  procRoot?: string;
  /** How often the process list is read again for new renderers. Default 100 ms. */
  scanMs?: number;
  /** Epoch ms; default `epochNow`. */
  now?: () => number;
}

/**
 * Epoch ms to the sub-millisecond: the clock of the pages' `performance.timeOrigin` and of the
 * probe's readings, so that a page's timestamps and the harness's fall on one time line.
 */
export const epochNow = () => performance.timeOrigin + performance.now();

/** How often the scheduler's counters are read. */
const SAMPLE_MS = 10;

/** How long a process not followed is looked at again (see `ignored`). */
const RELOOK_MS = 1000;

/** USER_HZ: the unit of /proc/stat and of a process's start time. 100 on every Linux we run. */
const TICK_MS = 10;

/**
 * Chromium's renderers. A process forked from its zygote rewrites its command line into one
 * string with spaces (`/usr/lib/chromium/chromium --type=renderer ...`), so the arguments are
 * read joined.
 */
const isRenderer = (args: readonly string[]) =>
  /chrom/i.test(args[0] ?? '') && / --type=renderer( |$)/.test(args.join(' '));

/** The value of a cumulative series at `t`, linear between samples, flat outside them. */
function valueAt<S extends { at: number }>(
  xs: readonly S[],
  t: number,
  f: (s: S) => number,
): number {
  if (xs.length === 0) return 0;
  const first = xs[0] as S;
  if (t <= first.at) return f(first);
  let lo = 0;
  let hi = xs.length - 1;
  if (t >= (xs[hi] as S).at) return f(xs[hi] as S);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] as S).at <= t) lo = mid;
    else hi = mid;
  }
  const a = xs[lo] as S;
  const b = xs[hi] as S;
  const span = b.at - a.at;
  return span <= 0 ? f(b) : f(a) + ((f(b) - f(a)) * (t - a.at)) / span;
}

export class CpuWaitProbe {
  readonly available: boolean;
  private readonly root: string;
  private readonly scanMs: number;
  private readonly now: () => number;
  private readonly threads = new Map<number, ThreadSample[]>();
  /** The followed processes still running (an ended one keeps its samples, is read no more). */
  private readonly alive = new Set<number>();
  /**
   * Processes not followed, by when they were first looked at. A child of Chromium's zygote
   * shows the zygote's command line until it rewrites its own, so a process is looked at again
   * for a second after it was first seen, then no more.
   */
  private readonly ignored = new Map<number, number>();
  private readonly steal: StealSample[] = [];
  private bootMs = 0;
  private lastScan = -Infinity;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(opts: CpuWaitOptions = {}) {
    this.root = opts.procRoot ?? '/proc';
    this.scanMs = opts.scanMs ?? 100;
    this.now = opts.now ?? epochNow;
    const stat = this.read('stat');
    const btime = stat ? /^btime (\d+)$/m.exec(stat) : null;
    this.available = btime !== null && this.read('self/schedstat') !== null;
    if (btime) this.bootMs = Number(btime[1]) * 1000;
  }

  start(): void {
    if (!this.available || this.timer) return;
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One reading of every followed thread and of the machine's steal time (the timer's work). */
  sample(): void {
    const at = this.now();
    if (at - this.lastScan >= this.scanMs) {
      this.lastScan = at;
      this.scan(at);
    }
    for (const pid of this.alive) {
      const s = this.read(`${pid}/task/${pid}/schedstat`);
      if (s === null) {
        this.alive.delete(pid); // ended: its samples stay for the windows it was in
        continue;
      }
      const [on, wait] = s.trim().split(/\s+/).map(Number);
      if (Number.isFinite(on) && Number.isFinite(wait))
        this.threads
          .get(pid)
          ?.push({ at, onCpu: (on as number) / 1e6, wait: (wait as number) / 1e6 });
    }
    const stat = this.read('stat');
    const cpu = stat ? /^cpu\s+(.*)$/m.exec(stat) : null;
    const stealTicks = cpu ? Number(cpu[1]?.split(/\s+/)[7]) : NaN;
    if (Number.isFinite(stealTicks)) this.steal.push({ at, steal: stealTicks * TICK_MS });
  }

  /**
   * The followed thread that ran the most between `from` and `to` (epoch ms), with its run and
   * wait times in that window and the machine's steal time; null when no thread was followed.
   */
  window(from: number, to: number): CpuWindow | null {
    let best: CpuWindow | null = null;
    for (const [pid, xs] of this.threads) {
      const onCpu = valueAt(xs, to, (s) => s.onCpu) - valueAt(xs, from, (s) => s.onCpu);
      if (best && onCpu <= best.onCpu) continue;
      const wait = valueAt(xs, to, (s) => s.wait) - valueAt(xs, from, (s) => s.wait);
      best = { pid, onCpu, wait, steal: 0 };
    }
    if (best)
      best.steal =
        valueAt(this.steal, to, (s) => s.steal) - valueAt(this.steal, from, (s) => s.steal);
    return best;
  }

  /** New renderers, each starting from a zero sample at its start time. */
  private scan(at: number): void {
    let entries: string[];
    try {
      entries = readdirSync(this.root);
    } catch {
      return;
    }
    for (const name of entries) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      if (this.threads.has(pid)) continue;
      const first = this.ignored.get(pid) ?? at;
      if (at - first > RELOOK_MS) continue;
      const cmd = this.read(`${pid}/cmdline`);
      if (!cmd || !isRenderer(cmd.split('\0'))) {
        this.ignored.set(pid, first);
        continue;
      }
      this.ignored.delete(pid);
      // Its times count from its start, which may be before this scan found it.
      const stat = this.read(`${pid}/stat`);
      const fields = stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : [];
      const born = this.bootMs + Number(fields[19]) * TICK_MS; // field 22, starttime: ticks since boot
      const xs: ThreadSample[] = [];
      // (the boot time is whole seconds: a start dated after this reading is left out)
      if (born < at) xs.push({ at: born, onCpu: 0, wait: 0 });
      this.threads.set(pid, xs);
      this.alive.add(pid);
    }
  }

  private read(path: string): string | null {
    try {
      return readFileSync(join(this.root, path), 'utf8');
    } catch {
      return null;
    }
  }
}
