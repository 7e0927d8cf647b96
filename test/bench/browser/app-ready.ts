/**
 * App-ready at 4x CPU throttling, narrowly, with the waterfall that leads to it:
 * `npx tsx test/bench/browser/app-ready.ts --app DIR [--app DIR2 ...] [--runs N] [--rate 4]
 * [--waterfall] [--profile [--save-profile FILE]] [--path /copy-trade] [--warm]`. Several builds
 * are measured alternately (A B A B ...) on one simulator each, in one browser, so that their
 * ratio holds on a machine whose speed varies.
 *
 * A run is what `npm run bench:browser` measures as app-ready (scripts/bench-browser.ts): the
 * follower signed in beforehand over the REST API (its cookie is in the context; no clicks are
 * timed), a fresh context (cold HTTP cache), CPU throttled, navigation to the path, until the
 * probe (instrument.js) sees the first socket value painted (`__bench.firstValueAt`, dated from
 * the navigation start). `--waterfall` prints, for the first run of each build, the resources
 * (resource timing) and when the page read each REST answer's body, the websockets (opened, first
 * frame out and in, and each one's first 12 frames either way), long tasks and paints; only that
 * run carries the probes that date them (they cost the page main-thread time).
 * `--profile` prints the first run's CPU self time by function and by 500 ms window;
 * `--save-profile FILE` also writes it to FILE.<build>.cpuprofile (Chrome DevTools opens it).
 * `--warm` measures each run again after about:blank in the same context (the hashed assets
 * cached), as bench:browser's warm figure.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startSimulator, type Simulator } from '@server/simulator';
import { CpuWaitProbe } from '@scripts/cpu-wait';
import { DEMO_LOGINS, type DemoLogin } from '@src/config/demo';
import { launchChromium } from '../../e2e/support/browser';

const INSTRUMENT = join(fileURLToPath(new URL('.', import.meta.url)), 'instrument.js');
const FOLLOWER = DEMO_LOGINS.find((l) => l.kind === 'follower') as DemoLogin;

/** Dates what the waterfall shows: websockets, long tasks, paints, the first render. */
const TIMELINE = `(() => {
  const t = (window.__timeline = { ws: [], long: [], paint: [], rootAt: null, marks: {}, read: [] });
  // When the page had each REST answer's body in hand (the network's end is in resource timing;
  // the gap between the two is the main thread's queue).
  const nativeFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    return nativeFetch.call(this, input, init).then((res) => {
      for (const m of ['text', 'json']) {
        const read = res[m].bind(res);
        res[m] = () => read().then((v) => (t.read.push([performance.now(), url]), v));
      }
      return res;
    });
  };
  const MARKS = { header: 'header', h1: 'main h1', table: 'main [role=table]', row: 'main [role=rowgroup] + [role=rowgroup] [role=row], main [role=table] [aria-rowindex="2"]', spinner: 'main [role=status]' };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      const e = { url: String(args[0]), created: performance.now(), open: null, sent: null, recv: null, price: null, frames: [] };
      t.ws.push(e);
      // The first frames each way, shortened: what the page asked for and when it came.
      const keep = (dir, d) => {
        if (e.frames.length < 12) e.frames.push([performance.now(), dir, String(d).slice(0, 90)]);
      };
      this.addEventListener('open', () => (e.open = performance.now()));
      this.addEventListener('message', (m) => {
        e.recv ??= performance.now();
        keep('in ', m.data);
        if (typeof m.data === 'string' && m.data.includes('"markPrice"')) e.price ??= performance.now();
      });
      const send = this.send.bind(this);
      this.send = (d) => { e.sent ??= performance.now(); keep('out', d); return send(d); };
    }
  };
  try {
    new PerformanceObserver((l) => { for (const x of l.getEntries()) t.long.push([x.startTime, x.duration]); })
      .observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((l) => { for (const x of l.getEntries()) t.paint.push([x.name, x.startTime]); })
      .observe({ type: 'paint', buffered: true });
  } catch {}
  const mo = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (t.rootAt === null && root && root.firstChild) t.rootAt = performance.now();
    for (const k in MARKS) if (!(k in t.marks) && document.querySelector(MARKS[k])) t.marks[k] = performance.now();
    for (const el of document.querySelectorAll('main [role=status][aria-label]')) {
      const k = 'status "' + el.getAttribute('aria-label') + '"';
      if (!(k in t.marks)) t.marks[k] = performance.now();
    }
  });
  mo.observe(document, { subtree: true, childList: true });
})();`;

interface Timeline {
  ws: {
    url: string;
    created: number;
    open: number | null;
    sent: number | null;
    recv: number | null;
    price: number | null;
    /** The first frames each way: [when, 'in ' or 'out', the frame's first 90 characters]. */
    frames: [number, string, string][];
  }[];
  long: [number, number][];
  paint: [string, number][];
  rootAt: number | null;
  /** [when the page had the body, the request's URL] of each fetch read as text or JSON. */
  read: [number, string][];
  marks: Record<string, number>;
}
interface Resource {
  name: string;
  startTime: number;
  responseStart: number;
  responseEnd: number;
  transferSize: number;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
interface Run {
  ready: number;
  /** The navigation's start, epoch ms (the page's time origin). */
  origin: number;
  /** The same again after about:blank, hashed assets cached (--warm). */
  warm?: number;
  profile?: CpuProfile;
  /** Only in a run whose waterfall is printed (`--waterfall`, the first of each build). */
  timeline?: Timeline;
  resources: Resource[];
  nav: { responseEnd: number; domContentLoaded: number; load: number };
}

async function once(
  browser: Browser,
  base: string,
  path: string,
  rate: number,
  profile = false,
  trace?: string,
  warm = false,
  timeline = false,
): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  try {
    await context.addInitScript({ path: INSTRUMENT });
    // Only where its waterfall is printed: the timeline's observers and wrappers cost the page
    // main-thread time, which the runs compared (and bench:browser's) must not carry.
    if (timeline) await context.addInitScript({ content: TIMELINE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const login = await context.request.post(`${base}/api/login`, {
      data: { username: FOLLOWER.username, password: FOLLOWER.password },
    });
    if (!login.ok()) throw new Error(`sign-in: HTTP ${login.status()}`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    if (trace)
      await browser.startTracing(page, {
        path: trace,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
      });
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => window.__bench.firstValueAt !== null, undefined, {
      timeout: 90_000,
      polling: 50,
    });
    const out = await page.evaluate(() => {
      const w = window as unknown as { __timeline: Timeline; __bench: { firstValueAt: number } };
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        ready: w.__bench.firstValueAt,
        origin: performance.timeOrigin,
        timeline: w.__timeline,
        resources: performance.getEntriesByType('resource').map((r) => {
          const e = r as PerformanceResourceTiming;
          return {
            name: e.name,
            startTime: e.startTime,
            responseStart: e.responseStart,
            responseEnd: e.responseEnd,
            transferSize: e.transferSize,
          };
        }),
        nav: {
          responseEnd: nav.responseEnd,
          domContentLoaded: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd,
        },
      };
    });
    if (trace) {
      await browser.stopTracing();
      summarizeTrace(trace, out.ready);
    }
    const prof = profile
      ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile
      : undefined;
    let warmReady: number | undefined;
    if (warm) {
      // As bench:browser's warm figure: the same context, so the cache keeps the hashed assets.
      await page.goto('about:blank');
      await page.goto(`${base}${path}`);
      await page.waitForFunction(() => window.__bench.firstValueAt !== null, undefined, {
        timeout: 90_000,
        polling: 50,
      });
      warmReady = await page.evaluate(() => window.__bench.firstValueAt as number);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const run: Run = prof ? { ...out, profile: prof } : out;
    return warmReady === undefined ? run : { ...run, warm: warmReady };
  } finally {
    await context.close();
  }
}

const ms = (x: number | null) => (x === null ? '     -' : x.toFixed(0).padStart(6));

function waterfall(label: string, r: Run): void {
  const t = r.timeline;
  if (!t) throw new Error('waterfall: the run was made without its timeline');
  const lines: [number, string][] = [];
  lines.push([r.nav.responseEnd, `document received`]);
  lines.push([r.nav.domContentLoaded, `DOMContentLoaded end`]);
  for (const x of r.resources) {
    const name = new URL(x.name).pathname;
    lines.push([
      x.startTime,
      `${name}  start ${ms(x.startTime)}  end ${ms(x.responseEnd)}  (${(x.transferSize / 1024).toFixed(1)} KB)`,
    ]);
  }
  for (const w of t.ws)
    lines.push([
      w.created,
      `ws ${new URL(w.url).pathname}  created ${ms(w.created)}  open ${ms(w.open)}  first out ${ms(w.sent)}  first in ${ms(w.recv)}  first price ${ms(w.price)}`,
    ]);
  for (const w of t.ws) {
    const path = new URL(w.url).pathname;
    for (const [at, dir, text] of w.frames) lines.push([at, `ws ${path} ${dir} ${text}`]);
  }
  for (const [name, at] of t.paint) lines.push([at, name]);
  for (const [at, url] of t.read)
    lines.push([at, `${new URL(url, 'http://x').pathname}  body read`]);
  if (t.rootAt !== null) lines.push([t.rootAt, 'first render into #root']);
  for (const [k, at] of Object.entries(t.marks)) lines.push([at, `DOM: first ${k}`]);
  for (const [at, d] of t.long) lines.push([at, `long task ${d.toFixed(0)} ms`]);
  lines.push([r.ready, 'first live value painted (app-ready)']);
  lines.sort((a, b) => a[0] - b[0]);
  process.stdout.write(`\n--- ${label}: waterfall (ms from navigation start)\n`);
  for (const [at, s] of lines) process.stdout.write(`${ms(at)}  ${s}\n`);
  const longSum = t.long.reduce((s, [, d]) => s + d, 0);
  process.stdout.write(`long tasks: ${t.long.length}, ${longSum.toFixed(0)} ms in all\n`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { resourceType?: string; url?: string } };
}

/**
 * Main-thread time of the page's renderer by kind of work (script, style, layout, paint, parse,
 * GC), in 250 ms windows from the navigation start, up to app-ready. Nested events are counted
 * once, at the outermost event of a kind.
 */
function summarizeTrace(file: string, readyMs: number): void {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
  // The document's request: the navigation start, within a millisecond.
  const nav = events.find(
    (e) => e.name === 'ResourceSendRequest' && e.args?.data?.resourceType === 'Document',
  );
  const names = new Map<string, string>([
    ['EvaluateScript', 'script'],
    ['v8.compileModule', 'script'],
    ['v8.evaluateModule', 'script'],
    ['FunctionCall', 'script'],
    ['TimerFire', 'script'],
    ['FireAnimationFrame', 'script'],
    ['EventDispatch', 'script'],
    ['V8.GCScavenger', 'gc'],
    ['MajorGC', 'gc'],
    ['MinorGC', 'gc'],
    ['UpdateLayoutTree', 'style'],
    ['Layout', 'layout'],
    ['Paint', 'paint'],
    ['PrePaint', 'paint'],
    ['Layerize', 'paint'],
    ['ParseHTML', 'parse'],
    ['ParseAuthorStyleSheet', 'css parse'],
  ]);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur);
  // The renderer main thread: the thread whose tasks hold the most layout.
  const layoutTid = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Layout' && e.dur) {
      const k = `${e.pid}:${e.tid}`;
      layoutTid.set(k, (layoutTid.get(k) ?? 0) + e.dur);
    }
  const main = [...layoutTid].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!nav || !main) {
    process.stdout.write('trace: no navigation or main thread found\n');
    return;
  }
  const t0 = nav.ts;
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
  const end = t0 + readyMs * 1000;
  const kinds = new Map<number, Map<string, number>>();
  const open: { kind: string; until: number }[] = [];
  const sorted = events
    .filter((e) => e.ph === 'X' && e.dur && onMain(e) && names.has(e.name) && e.ts < end)
    .sort((a, b) => a.ts - b.ts);
  for (const e of sorted) {
    const kind = names.get(e.name) as string;
    while (open.length && (open[open.length - 1] as { until: number }).until <= e.ts) open.pop();
    if (open.some((o) => o.kind === kind)) continue;
    open.push({ kind, until: e.ts + (e.dur as number) });
    const w = Math.floor((e.ts - t0) / 250_000);
    const m = kinds.get(w) ?? new Map<string, number>();
    kinds.set(w, m);
    m.set(kind, (m.get(kind) ?? 0) + (e.dur as number) / 1000);
  }
  const busy = new Map<number, number>();
  for (const e of tasks)
    if (onMain(e) && e.ts < end) {
      const w = Math.floor((e.ts - t0) / 250_000);
      busy.set(w, (busy.get(w) ?? 0) + (e.dur as number) / 1000);
    }
  process.stdout.write(
    `\n--- trace ${file}: main thread by 250 ms window (ms; nested kinds overlap)\n`,
  );
  const windows = [...new Set([...kinds.keys(), ...busy.keys()])].sort((a, b) => a - b);
  const total = new Map<string, number>();
  for (const w of windows) {
    const m = kinds.get(w) ?? new Map<string, number>();
    for (const [k, v] of m) total.set(k, (total.get(k) ?? 0) + v);
    process.stdout.write(
      `${String(w * 250).padStart(5)}  tasks ${(busy.get(w) ?? 0).toFixed(0).padStart(4)}  ${[...m]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')}\n`,
    );
  }
  process.stdout.write(
    `total: ${[...total]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}\n`,
  );
}

/** Self time by file and by function, in 500 ms windows from the start of the profile. */
function summarize(label: string, p: CpuProfile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const windows = new Map<number, Map<string, number>>();
  const fn = new Map<string, number>();
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    const d = p.timeDeltas[i] ?? 0;
    t += d;
    const n = byId.get(id);
    if (!n) return;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const file = url.replace(/^.*\//, '') || `(${functionName || 'native'})`;
    const w = Math.floor((t - p.startTime) / 500_000);
    const m = windows.get(w) ?? new Map<string, number>();
    windows.set(w, m);
    m.set(file, (m.get(file) ?? 0) + d);
    const k = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    fn.set(k, (fn.get(k) ?? 0) + d);
  });
  const fmt = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  process.stdout.write(`\n--- ${label}: CPU self time (throttled ms)\n${fmt(fn, 40)}\n`);
  for (const [w, m] of [...windows].sort((a, b) => a[0] - b[0])) {
    const sum = [...m.values()].reduce((a, b) => a + b, 0);
    process.stdout.write(
      `window ${w * 500}-${w * 500 + 500} ms: ${(sum / 1000).toFixed(0)} ms busy; ${[...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`)
        .join(', ')}\n`,
    );
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const { values } = parseArgs({
  options: {
    app: { type: 'string', multiple: true },
    runs: { type: 'string' },
    rate: { type: 'string' },
    path: { type: 'string' },
    waterfall: { type: 'boolean' },
    profile: { type: 'boolean' },
    'save-profile': { type: 'string' },
    trace: { type: 'string' },
    warm: { type: 'boolean' },
  },
});
const apps = values.app ?? [];
if (apps.length === 0) throw new Error('--app DIR is required (repeat it to compare builds)');
const runs = Number(values.runs ?? 3);
const rate = Number(values.rate ?? 4);
const path = values.path ?? '/copy-trade';

const sims: Simulator[] = [];
// How long the page's main thread waited for a CPU in each run (Linux; scripts/cpu-wait.ts)
const cpu = new CpuWaitProbe();
cpu.start();
const browser = await launchChromium();
try {
  for (const appDir of apps)
    sims.push(await startSimulator({ port: 0, host: '127.0.0.1', appDir, seed: 7 }));
  const results: number[][] = apps.map(() => []);
  const warmResults: number[][] = apps.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let a = 0; a < apps.length; a++) {
      const first = i === 0;
      const r = await once(
        browser,
        (sims[a] as Simulator).url,
        path,
        rate,
        first && values.profile === true,
        first && values.trace ? `${values.trace}.${a}.json` : undefined,
        values.warm === true,
        first && values.waterfall === true,
      );
      (results[a] as number[]).push(r.ready);
      if (r.warm !== undefined) (warmResults[a] as number[]).push(r.warm);
      const c = cpu.window(r.origin, r.origin + r.ready);
      process.stderr.write(
        `run ${i + 1} ${apps[a]}: ${r.ready.toFixed(0)} ms` +
          (r.warm === undefined ? '' : ` (warm ${r.warm.toFixed(0)} ms)`) +
          (c
            ? `; main thread ran ${c.onCpu.toFixed(0)} ms, waited ${c.wait.toFixed(0)} ms for a CPU`
            : '') +
          '\n',
      );
      if (first && values.waterfall) waterfall(apps[a] as string, r);
      if (r.profile) summarize(apps[a] as string, r.profile);
      if (r.profile && values['save-profile'])
        writeFileSync(`${values['save-profile']}.${a}.cpuprofile`, JSON.stringify(r.profile));
    }
  }
  process.stdout.write(
    `\napp-ready at ${rate}x CPU throttling, ${path}, cold cache, ${runs} runs\n`,
  );
  const base = median(results[0] as number[]);
  apps.forEach((app, a) => {
    const m = median(results[a] as number[]);
    process.stdout.write(
      `${app}: median ${m.toFixed(0)} ms (${(results[a] as number[]).map((x) => x.toFixed(0)).join(', ')})` +
        (a > 0 ? `, ${(m / base).toFixed(2)}x of the first` : '') +
        '\n',
    );
  });
  if (values.warm) {
    const wbase = median(warmResults[0] as number[]);
    apps.forEach((app, a) => {
      const w = warmResults[a] as number[];
      const m = median(w);
      process.stdout.write(
        `${app} warm (after about:blank): median ${m.toFixed(0)} ms (${w.map((x) => x.toFixed(0)).join(', ')})` +
          (a > 0 ? `, ${(m / wbase).toFixed(2)}x of the first` : '') +
          '\n',
      );
    });
  }
} finally {
  cpu.stop();
  await browser.close();
  for (const s of sims) await s.stop();
}
