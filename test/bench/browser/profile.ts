/**
 * CPU profile of the dashboard under load, to find what a budget miss of `npm run bench:browser`
 * comes from: `npx tsx test/bench/browser/profile.ts --app DIR [--tick-ms N | --session FILE]
 * [--seconds S] [--out FILE.cpuprofile]`. Build DIR without minifying for readable names
 * (`npx vite build --outDir /tmp/prof --minify false`). Signs in as the follower on the simulator
 * (or the replay server with --session), waits for the first live value, profiles S seconds
 * (CDP Profiler, 200 us sampling) and prints the top self-time functions and the top files;
 * `--out` keeps the .cpuprofile for Chrome DevTools. `--trace` records a Chromium trace instead
 * and prints where the renderer's main thread spent the window by task kind (websocket messages,
 * frames and their animation-frame callbacks, style, layout, paint, other tasks): the share that
 * the CPU profile shows only as "(program)", then the frames: the frame task's length and the
 * time between frame starts and between frame ends (p50-p99), and what the frames over twice the
 * median spent their time on against the others, by phase (frame callbacks, style, layout,
 * paint, layerization, hit test, GC); `--out` keeps the trace's events as JSON. `--heap` takes a heap snapshot (after a forced GC)
 * at the start and after S seconds and prints what grew: the objects allocated in between and
 * still alive, by constructor, and each group's net change between the two snapshots, with the
 * shortest retainer path of the largest new groups' first objects (and of the groups named by
 * `--heap-path 'closure toString'`, repeatable).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startReplayServer } from '@server/replay/server';
import { startSimulator } from '@server/simulator';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';
import { parseSession } from '@src/wire/session-file';
import { loginAs } from '../../e2e/support/app';
import { launchChromium } from '../../e2e/support/browser';
import type { CDPSession } from 'playwright-core';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** What the renderer's main thread did, by trace event: time inside each kind over the window. */
async function traceMainThread(cdp: CDPSession, secs: number, out?: string): Promise<void> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,toplevel,blink,v8,disabled-by-default-v8.gc,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await new Promise((r) => setTimeout(r, secs * 1000));
  await cdp.send('Tracing.end');
  await complete;
  if (out) writeFileSync(out, JSON.stringify(events));
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const kinds = new Map<string, { n: number; us: number }>();
  let first = Infinity;
  let last = 0;
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X') continue;
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts + (e.dur ?? 0));
    const detail =
      e.name === 'EventDispatch' || e.name === 'FunctionCall' ? e.args?.data?.type : '';
    const k = detail ? `${e.name} ${detail}` : e.name;
    const v = kinds.get(k) ?? { n: 0, us: 0 };
    v.n++;
    v.us += e.dur ?? 0;
    kinds.set(k, v);
  }
  const wall = last - first;
  process.stdout.write(
    `renderer main thread over ${(wall / 1e6).toFixed(1)} s, time inside each event (nested events count in each):\n`,
  );
  for (const [k, v] of [...kinds].sort((a, b) => b[1].us - a[1].us).slice(0, 30)) {
    process.stdout.write(
      `${((100 * v.us) / wall).toFixed(1).padStart(5)} %  ${String(v.n).padStart(7)}  ${k}\n`,
    );
  }
  process.stdout.write(
    frameReport(events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')),
  );
}

const PHASES = [
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'LocalFrameView::layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'LayoutView::HitTest',
  'MinorGC',
  'MajorGC',
] as const;

/**
 * The frames of a trace's renderer main thread (`X` events): how long each frame's task ran, how
 * far apart frames started and ended, and what the long frames (over twice the median) spent
 * their time on against the others, by phase (ms a frame; a phase's nested events count in it).
 * A value that comes during one frame's work is painted at the end of the next frame, so the
 * time between frame ends is what the socket-to-paint p95 follows (docs/performance.md).
 */
function frameReport(main: TraceEvent[]): string {
  const sorted = [...main].sort((a, b) => a.ts - b.ts);
  const tasks = sorted.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  /** The index of the last of `list` (sorted by ts) that starts at or before `ts`, or -1. */
  const lastAt = (list: TraceEvent[], ts: number) => {
    let lo = 0;
    let hi = list.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.ts <= ts) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return at;
  };
  /** The top-level task that holds the event at `ts`. */
  const taskAt = (ts: number) => tasks[lastAt(tasks, ts)];
  const frames = [
    ...new Set(
      sorted
        .filter((e) => e.name === 'WebFrameWidgetImpl::BeginMainFrame')
        .map((e) => taskAt(e.ts))
        .filter((t): t is TraceEvent => t !== undefined),
    ),
  ];
  if (frames.length < 3) return 'frames: too few in the trace\n';
  const ms = (us: number) => us / 1000;
  const q = (xs: number[], p: number) => {
    const a = [...xs].sort((x, y) => x - y);
    return a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))]!;
  };
  const line = (name: string, xs: number[]) =>
    `  ${name.padEnd(26)} ${[50, 90, 95, 99].map((p) => `p${p} ${q(xs, p).toFixed(2)}`).join('  ')}  max ${Math.max(...xs).toFixed(2)}\n`;
  const durs = frames.map((f) => ms(f.dur ?? 0));
  const gaps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]!);
  let out = `frames: ${frames.length} (ms)\n`;
  out += line('frame task', durs);
  out += line('between frame starts', gaps(frames.map((f) => ms(f.ts))));
  out += line('between frame ends', gaps(frames.map((f) => ms(f.ts + (f.dur ?? 0)))));
  const long = 2 * q(durs, 50);
  const phasesOf = (f: TraceEvent) => {
    const end = f.ts + (f.dur ?? 0);
    const sums = new Map<string, number>();
    for (let i = Math.max(0, lastAt(sorted, f.ts - 1) + 1); i < sorted.length; i++) {
      const e = sorted[i]!;
      if (e.ts >= end) break;
      if ((PHASES as readonly string[]).includes(e.name))
        sums.set(e.name, (sums.get(e.name) ?? 0) + ms(e.dur ?? 0));
    }
    return sums;
  };
  const mean = (group: TraceEvent[]) => {
    const total = new Map<string, number>();
    for (const f of group)
      for (const [k, v] of phasesOf(f)) total.set(k, (total.get(k) ?? 0) + v / group.length);
    return total;
  };
  const longOnes = frames.filter((f) => ms(f.dur ?? 0) > long);
  const rest = frames.filter((f) => ms(f.dur ?? 0) <= long);
  if (longOnes.length === 0 || rest.length === 0) return out;
  const [a, b] = [mean(longOnes), mean(rest)];
  out += `frames over ${long.toFixed(1)} ms (twice the median): ${longOnes.length}; ms a frame, those against the others:\n`;
  out += `  ${'whole task'.padEnd(26)} ${(longOnes.reduce((x, f) => x + ms(f.dur ?? 0), 0) / longOnes.length).toFixed(2)}  ${(rest.reduce((x, f) => x + ms(f.dur ?? 0), 0) / rest.length).toFixed(2)}\n`;
  for (const k of PHASES)
    out += `  ${k.padEnd(26)} ${(a.get(k) ?? 0).toFixed(2)}  ${(b.get(k) ?? 0).toFixed(2)}\n`;
  return out;
}

/** The parts of a V8 heap snapshot (`.heapsnapshot`) that heapGrowth reads. */
interface HeapSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

async function takeHeapSnapshot(
  cdp: CDPSession,
  page: { evaluate: (f: () => void) => Promise<void> },
): Promise<HeapSnapshot> {
  // The probe's values still waiting for a paint are not the page's (as bench:browser does).
  await page.evaluate(() => (window as unknown as { __bench: { reset(): void } }).__bench.reset());
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return JSON.parse(chunks.join('')) as HeapSnapshot;
}

const heapIndexes = new WeakMap<HeapSnapshot, ReturnType<typeof indexHeap>>();

/** One snapshot's nodes, read field by field, and where each node's edges start (made once). */
function heapNodes(h: HeapSnapshot) {
  let n = heapIndexes.get(h);
  if (!n) heapIndexes.set(h, (n = indexHeap(h)));
  return n;
}

function indexHeap(h: HeapSnapshot) {
  const f = h.snapshot.meta.node_fields;
  const width = f.length;
  const [TYPE, NAME, ID, SIZE, EDGES] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((k) =>
    f.indexOf(k),
  ) as [number, number, number, number, number];
  const types = h.snapshot.meta.node_types[0];
  const count = h.nodes.length / width;
  const group = (i: number) => {
    const type = types[h.nodes[i * width + TYPE]!]!;
    const name = h.strings[h.nodes[i * width + NAME]!]!;
    if (type === 'object' || type === 'closure' || type === 'native') return `${type} ${name}`;
    if (type === 'hidden' || type === 'object shape') return `${type} ${name.slice(0, 40)}`;
    return `(${type})`;
  };
  const ef = h.snapshot.meta.edge_fields;
  const ew = ef.length;
  const [ETYPE, ENAME, ETO] = ['type', 'name_or_index', 'to_node'].map((k) => ef.indexOf(k)) as [
    number,
    number,
    number,
  ];
  const etypes = h.snapshot.meta.edge_types[0];
  const firstEdge = new Int32Array(count + 1);
  for (let i = 0, e = 0; i <= count; i++) {
    firstEdge[i] = e;
    if (i < count) e += h.nodes[i * width + EDGES]! * ew;
  }
  return {
    count,
    id: (i: number) => h.nodes[i * width + ID]!,
    size: (i: number) => h.nodes[i * width + SIZE]!,
    group,
    name: (i: number) => h.strings[h.nodes[i * width + NAME]!]!,
    width,
    /** Node i's edges are h.edges[firstEdge[i] .. firstEdge[i + 1]), in steps of `ew`. */
    firstEdge,
    ew,
    edgeType: (e: number) => etypes[h.edges[e + ETYPE]!]!,
    /** An element or hidden edge's index, another's name. */
    edgeName: (e: number) => h.edges[e + ENAME]!,
    edgeTo: (e: number) => h.edges[e + ETO]! / width,
  };
}

const heapTrees = new WeakMap<HeapSnapshot, { from: Int32Array; via: Int32Array }>();

/** Each node's parent (and the edge to it) on a shortest path from the root: one walk a snapshot. */
function shortestPaths(h: HeapSnapshot) {
  let tree = heapTrees.get(h);
  if (tree) return tree;
  const n = heapNodes(h);
  const from = new Int32Array(n.count).fill(-1);
  const via = new Int32Array(n.count).fill(-1);
  const queue = new Int32Array(n.count);
  let tail = 1;
  from[0] = 0;
  for (let q = 0; q < tail; q++) {
    const i = queue[q]!;
    for (let e = n.firstEdge[i]!; e < n.firstEdge[i + 1]!; e += n.ew) {
      const type = n.edgeType(e);
      if (type === 'weak' || type === 'shortcut') continue;
      const to = n.edgeTo(e);
      if (from[to] !== -1) continue;
      from[to] = i;
      via[to] = e;
      queue[tail++] = to;
    }
  }
  heapTrees.set(h, (tree = { from, via }));
  return tree;
}

/** The last 15 steps of the shortest path from a GC root to node `target`. */
function retainerPath(h: HeapSnapshot, target: number): string {
  const n = heapNodes(h);
  const { from, via } = shortestPaths(h);
  if (from[target] === -1) return '(unreachable)';
  const steps: string[] = [];
  for (let i = target; i !== 0 && steps.length < 15; i = from[i]!) {
    const e = via[i]!;
    const type = n.edgeType(e);
    const raw = n.edgeName(e);
    const label = type === 'element' || type === 'hidden' ? `[${raw}]` : `.${h.strings[raw]}`;
    steps.push(`${label} -> ${n.group(i)}`);
  }
  return steps.reverse().join('\n      ');
}

/** The text of a string node; a concatenated string's is its parts'. */
function stringAt(h: HeapSnapshot, node: number): string {
  const n = heapNodes(h);
  if (n.group(node) !== '(concatenated string)') return n.name(node);
  const parts: string[] = [];
  for (let e = n.firstEdge[node]!; e < n.firstEdge[node + 1]!; e += n.ew) {
    const name = h.strings[n.edgeName(e)];
    if (name === 'first' || name === 'second') parts.push(stringAt(h, n.edgeTo(e)));
  }
  return parts.join('');
}

/** The snapshot's objects with a `debugLabel` property, counted by the label's text before `(`. */
function atomLabels(h: HeapSnapshot): Map<string, number> {
  const n = heapNodes(h);
  const labels = new Map<string, number>();
  for (let i = 0; i < n.count; i++) {
    if (n.group(i) !== 'object Object') continue;
    for (let e = n.firstEdge[i]!; e < n.firstEdge[i + 1]!; e += n.ew) {
      if (h.strings[n.edgeName(e)] !== 'debugLabel') continue;
      const label = stringAt(h, n.edgeTo(e)).replace(/\(.*$/, '(…)');
      labels.set(label, (labels.get(label) ?? 0) + 1);
    }
  }
  return labels;
}

/** What grew between two snapshots of one page (object ids are stable within a session). */
function heapGrowth(before: HeapSnapshot, after: HeapSnapshot, paths: string[]): string {
  const a = heapNodes(before);
  const b = heapNodes(after);
  const old = new Set<number>();
  const net = new Map<string, { n: number; bytes: number }>();
  const add = (k: string, n: number, bytes: number) => {
    const v = net.get(k) ?? { n: 0, bytes: 0 };
    v.n += n;
    v.bytes += bytes;
    net.set(k, v);
  };
  let total0 = 0;
  let total1 = 0;
  for (let i = 0; i < a.count; i++) {
    old.add(a.id(i));
    add(a.group(i), -1, -a.size(i));
    total0 += a.size(i);
  }
  const fresh = new Map<string, { n: number; bytes: number; first: number }>();
  for (let i = 0; i < b.count; i++) {
    add(b.group(i), 1, b.size(i));
    total1 += b.size(i);
    if (old.has(b.id(i))) continue;
    const k = b.group(i);
    const v = fresh.get(k) ?? { n: 0, bytes: 0, first: i };
    v.n++;
    v.bytes += b.size(i);
    fresh.set(k, v);
  }
  const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
  const lines = [
    `heap (snapshot self sizes): ${kb(total0)} -> ${kb(total1)} (${kb(total1 - total0)})`,
    '-- net change by constructor (count, bytes)',
    ...[...net]
      .sort((x, y) => y[1].bytes - x[1].bytes)
      .slice(0, 25)
      .map(([k, v]) => `${String(v.n).padStart(8)} ${kb(v.bytes).padStart(11)}  ${k}`),
    '-- allocated since the first snapshot and still alive (count, bytes)',
  ];
  const top = [...fresh].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, 25);
  top.forEach(([k, v], rank) => {
    lines.push(`${String(v.n).padStart(8)} ${kb(v.bytes).padStart(11)}  ${k}`);
    if (rank < 6) lines.push(`      ${retainerPath(after, v.first)}`);
  });
  // Jotai atoms carry the debugLabel the app gives them (state/atoms): their count by label.
  const atoms0 = atomLabels(before);
  const atoms1 = atomLabels(after);
  lines.push('-- jotai atoms by debugLabel (first snapshot -> second)');
  for (const k of [...new Set([...atoms0.keys(), ...atoms1.keys()])].sort()) {
    lines.push(
      `${String(atoms0.get(k) ?? 0).padStart(8)} -> ${String(atoms1.get(k) ?? 0).padEnd(8)} ${k}`,
    );
  }
  for (const k of paths) {
    const v = fresh.get(k);
    lines.push(`-- ${k}: ${v ? `${v.n} new, first retained by` : 'none new'}`);
    if (v) lines.push(`      ${retainerPath(after, v.first)}`);
  }
  return lines.join('\n');
}

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    'tick-ms': { type: 'string' },
    session: { type: 'string' },
    seconds: { type: 'string' },
    out: { type: 'string' },
    path: { type: 'string' },
    'reduced-motion': { type: 'boolean' },
    trace: { type: 'boolean' },
    heap: { type: 'boolean' },
    'heap-path': { type: 'string', multiple: true },
  },
});
if (!values.app) throw new Error('--app DIR is required');
const appDir = values.app;
const seconds = Number(values.seconds ?? 8);

const server = values.session
  ? await startReplayServer({
      session: parseSession(readFileSync(values.session, 'utf8')),
      port: 0,
      appDir,
    })
  : await startSimulator({
      port: 0,
      host: '127.0.0.1',
      appDir,
      seed: 7,
      tickMs: Number(values['tick-ms'] ?? 100),
    });
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: values['reduced-motion'] ? 'reduce' : 'no-preference',
  });
  await context.addInitScript({ path: new URL('./instrument.js', import.meta.url).pathname });
  const page = await context.newPage();
  await loginAs(
    page,
    server.url,
    DEMO_ACCOUNTS.find((a) => a.username === 'follower')!,
  );
  if (values.path) await page.goto(`${server.url}${values.path}`);
  await page.waitForFunction(
    () => (window as unknown as { __bench: { firstValueAt: number | null } }).__bench.firstValueAt,
    undefined,
    { timeout: 90_000 },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const m0 = await metrics();
  if (values.trace) await traceMainThread(cdp, seconds, values.out);
  else if (values.heap) {
    const before = await takeHeapSnapshot(cdp, page);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = await takeHeapSnapshot(cdp, page);
    process.stdout.write(`${heapGrowth(before, after, values['heap-path'] ?? [])}\n`);
  } else {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if (values.out) writeFileSync(values.out, JSON.stringify(profile));
    const m1 = await metrics();
    const wall = (m1.get('Timestamp') ?? 0) - (m0.get('Timestamp') ?? 0);
    const share = (k: string) =>
      `${k.replace('Duration', '')} ${((100 * ((m1.get(k) ?? 0) - (m0.get(k) ?? 0))) / wall).toFixed(1)} %`;
    process.stdout.write(
      `main thread over ${wall.toFixed(1)} s: ${['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map(share).join(', ')}\n`,
    );

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) =>
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
    );
    const total = profile.endTime - profile.startTime;
    const fn = new Map<string, number>();
    const file = new Map<string, number>();
    for (const [id, us] of self) {
      const n = byId.get(id);
      if (!n) continue;
      const { functionName, url, lineNumber } = n.callFrame;
      const short = url.replace(/^.*\//, '') || '(native)';
      const k = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
      fn.set(k, (fn.get(k) ?? 0) + us);
      file.set(short, (file.get(short) ?? 0) + us);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
        .join('\n');
    process.stdout.write(
      `profile of ${(total / 1e6).toFixed(1)} s\n-- self time by function\n${top(fn, 40)}\n-- by file\n${top(file, 15)}\n`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
