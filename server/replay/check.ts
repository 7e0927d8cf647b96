/**
 * `replay --check DIR`: every session file of a folder (and its subfolders) replayed to its
 * sibling `NAME.state.json`, on worker threads (one per core by default), each file streamed
 * (flat memory). One line per file in name order, then a summary; exit 1 on any difference or
 * unreadable file. `--shard K/N` takes every N-th file from the K-th (1-based) of the sorted list,
 * so N machines of a CI matrix split a corpus with no scheduler: each file is an independent job.
 */
import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatDifference } from '../../src/pipeline/replay-query';
import { checkFile, type FileResult } from './check-file';

export interface CheckOptions {
  /** Worker threads (default: the machine's cores); 0 checks in this thread. */
  jobs?: number;
  /** 1-based: this machine's share of the sorted file list. */
  shard?: { index: number; count: number };
  out(text: string): void;
}

export interface CheckSummary {
  files: number;
  ok: number;
  differ: number;
  errors: number;
  seconds: number;
  perSecond: number;
  workers: number;
  peakRssMb: number;
  results: FileResult[];
}

/** Parses `K/N` (1 <= K <= N). */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard ${JSON.stringify(text)}: expected K/N with 1 <= K <= N`);
  }
  return { index, count };
}

/** The session files under `paths` (folders searched with their subfolders), sorted. */
async function sessionFiles(paths: readonly string[]): Promise<string[]> {
  const out = new Set<string>();
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch (err) {
      throw new Error(`cannot read ${p}: ${(err as Error).message}`, { cause: err });
    }
    if (st.isDirectory()) {
      const names = await readdir(p, { recursive: true });
      for (const n of names) if (n.endsWith('.jsonl')) out.add(join(p, n));
    } else {
      out.add(p);
    }
  }
  return [...out].sort();
}

/** The code a worker thread runs: tsx's loader, then check-worker.ts (TypeScript). */
function workerBoot(): string {
  const req = createRequire(import.meta.url);
  const pkgFile = req.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pathToFileURL(
    resolve(dirname(pkgFile), pkg.exports['./esm/api']!.import.default),
  ).href;
  const entry = new URL('./check-worker.ts', import.meta.url).href;
  return (
    `import(${JSON.stringify(api)}).then((m) => { m.register(); ` +
    `return import(${JSON.stringify(entry)}); });`
  );
}

/** Runs `check` over `files` on `n` workers; results come back in any order. */
async function onWorkers(
  files: readonly string[],
  n: number,
  onResult: (i: number, r: FileResult) => void,
): Promise<void> {
  const boot = workerBoot();
  let next = 0;
  await new Promise<void>((done, fail) => {
    let left = files.length;
    const start = () => {
      const w = new Worker(boot, { eval: true });
      let current = -1;
      let ready = false;
      const give = () => {
        if (next >= files.length) {
          current = -1;
          void w.terminate();
          return;
        }
        current = next++;
        w.postMessage({ id: current, file: files[current] });
      };
      w.on('message', (msg: { ready?: boolean; id?: number; result?: FileResult }) => {
        if (msg.ready) {
          ready = true;
          return give();
        }
        if (msg.id === undefined || !msg.result) return;
        onResult(msg.id, msg.result);
        if (--left === 0) done();
        give();
      });
      w.on('error', (err) => {
        // A worker that cannot start cannot check anything: the run fails.
        if (!ready) return fail(new Error(`a worker thread did not start: ${err.message}`));
        // The file it held fails, and a new worker takes the rest.
        if (current >= 0) {
          onResult(current, {
            file: files[current] as string,
            status: 'error',
            events: 0,
            ms: 0,
            detail: `worker failed: ${err.message}`,
          });
          current = -1;
          if (--left === 0) return done();
        }
        if (next < files.length) start();
      });
    };
    for (let i = 0; i < n; i++) start();
  });
}

function line(r: FileResult, name: string): string {
  const facts = `(${r.events} events, ${r.ms} ms)`;
  if (r.status === 'ok') return `ok      ${name} ${facts}\n`;
  if (r.status === 'error') return `error   ${name}: ${r.detail ?? 'failed'}\n`;
  const ds = r.differences ?? [];
  const more = (r.differenceCount ?? ds.length) - ds.length;
  return (
    `differ  ${name} ${facts}: ${r.differenceCount ?? ds.length} difference(s)\n` +
    ds.map((d) => `          ${formatDifference(d, ['got', 'expected'])}\n`).join('') +
    (more > 0 ? `          ... and ${more} more\n` : '')
  );
}

/** The whole `--check`: lines and the summary through `out`. */
export async function runCheck(
  paths: readonly string[],
  opts: CheckOptions,
): Promise<CheckSummary> {
  let files = await sessionFiles(paths);
  const shard = opts.shard;
  if (shard) files = files.filter((_, i) => i % shard.count === shard.index - 1);
  const started = performance.now();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  sampler.unref();
  const base = paths.length === 1 ? paths[0] : '.';
  const nameOf = (f: string) => {
    const rel = base ? relative(base, f) : f;
    return rel === '' ? f : rel;
  };
  const results: FileResult[] = new Array<FileResult>(files.length);
  let printed = 0;
  // Lines in name order whatever order the workers finish in.
  const onResult = (i: number, r: FileResult) => {
    results[i] = r;
    while (printed < files.length && results[printed]) {
      opts.out(line(results[printed] as FileResult, nameOf(files[printed] as string)));
      printed++;
    }
  };
  const workers = Math.min(opts.jobs ?? availableParallelism(), files.length);
  try {
    if (workers > 0) await onWorkers(files, workers, onResult);
    else for (let i = 0; i < files.length; i++) onResult(i, await checkFile(files[i] as string));
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const seconds = (performance.now() - started) / 1000;
  const count = (s: FileResult['status']) => results.filter((r) => r.status === s).length;
  const summary: CheckSummary = {
    files: files.length,
    ok: count('ok'),
    differ: count('differ'),
    errors: count('error'),
    seconds,
    perSecond: files.length / Math.max(seconds, 1e-9),
    workers,
    peakRssMb: Math.round(peak / 1048576),
    results,
  };
  opts.out(
    `replay --check: ${summary.files} file(s): ${summary.ok} ok, ${summary.differ} differ, ` +
      `${summary.errors} error(s); ${seconds.toFixed(2)} s, ` +
      `${summary.perSecond.toFixed(1)} sessions/s on ${workers} worker(s), ` +
      `peak RSS ${summary.peakRssMb} MB` +
      (shard ? `; shard ${shard.index}/${shard.count}` : '') +
      '\n',
  );
  return summary;
}
