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
 * the CPU profile shows only as "(program)".
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
async function traceMainThread(cdp: CDPSession, secs: number): Promise<void> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,blink,v8',
    transferMode: 'ReportEvents',
  });
  await new Promise((r) => setTimeout(r, secs * 1000));
  await cdp.send('Tracing.end');
  await complete;
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
  if (values.trace) await traceMainThread(cdp, seconds);
  else {
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
