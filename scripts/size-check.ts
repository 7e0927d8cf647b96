/**
 * `npm run size:check [-- DIR]` (after `npm run build`; DIR defaults to dist): the gzip sizes of
 * the built app, checked against the budgets of issue 13. Exit 1 when the entry chunk, the initial
 * JS or the CSS loaded by index.html is over its budget or guard, or when chunks import each
 * other, with one line naming it; otherwise prints the table.
 *
 * - entry chunk: the `<script type="module" src>` of index.html (budget ENTRY_BUDGET_KB gzip);
 * - initial JS: the entry chunk plus every `modulepreload` of index.html (what loads before the
 *   first screen; guard INITIAL_GUARD_KB gzip);
 * - CSS: every stylesheet index.html links (budget CSS_BUDGET_KB gzip);
 * - lazy chunks: every other JS file under assets/, each with its gzip size;
 * - import cycles: chunks that import each other statically, directly or round about. None is
 *   allowed (why, and why one can appear after an unrelated change: scripts/chunk-cycles.ts,
 *   whose plugin already fails the build on one; this checks a built folder, wherever built).
 *
 * Sizes are gzip level 9 of the file as built (what a server precompresses); KB = 1 000 bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { findCycles } from './chunk-cycles';

export const ENTRY_BUDGET_KB = 170;
export const CSS_BUDGET_KB = 45;
/**
 * Not a budget of issue 13: a guard on what loads before the first screen. Since the libraries
 * of the first page are a chunk of their own (vite.config.ts), the entry chunk is the app's own
 * start-up code and its 170 KB budget no longer sees them; this does. Set at the build of
 * 2026-11-28 (260.8 KB) plus about 5 %: raise it on purpose, with the reason, not by drift.
 */
export const INITIAL_GUARD_KB = 275;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BuildSizes {
  entry: FileSize;
  /** Entry plus modulepreloaded chunks. */
  initial: FileSize[];
  css: FileSize[];
  lazy: FileSize[];
  /** Static import cycles among the chunks, each as `a.js -> b.js -> a.js`. */
  cycles: string[];
}

const kb = (n: number) => (n / 1000).toFixed(1);

function sizeOf(dir: string, rel: string): FileSize {
  const body = readFileSync(join(dir, rel));
  return { file: rel, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** The sizes of the build in `dir` (its index.html decides which file is which). */
export function measureBuild(dir: string): BuildSizes {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const attr = (re: RegExp) =>
    [...html.matchAll(re)].map((m) => (m[1] as string).replace(/^\//, ''));
  const entryRel = attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)[0];
  if (!entryRel) throw new Error(`${dir}/index.html: no module script`);
  // Once each (a file may be listed twice), and the entry apart: Vite lists it as a modulepreload
  // too when a chunk it imports imports it back (a cycle, reported below).
  const preloads = [...new Set(attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))].filter(
    (p) => p !== entryRel,
  );
  const styles = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const entry = sizeOf(dir, entryRel);
  const initial = [entry, ...preloads.map((p) => sizeOf(dir, p))];
  const inInitial = new Set(initial.map((f) => f.file));
  const lazy = readdirSync(join(dir, 'assets'))
    .filter((f) => f.endsWith('.js') && !inInitial.has(`assets/${f}`))
    .map((f) => sizeOf(dir, `assets/${f}`))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    entry,
    initial,
    css: styles.map((s) => sizeOf(dir, s)),
    lazy,
    cycles: importCycles(join(dir, 'assets')),
  };
}

/** A chunk's static imports of its siblings (`import … from "./x.js"`, `import "./x.js"`). */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;

/** Every static import cycle among the JS files of `assetsDir`, once each (depth-first). */
export function importCycles(assetsDir: string): string[] {
  const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
  return findCycles(
    new Map(
      files.map((f) => [
        f,
        [
          ...new Set(
            [...readFileSync(join(assetsDir, f), 'utf8').matchAll(STATIC_IMPORT)].map(
              (m) => m[1] as string,
            ),
          ),
        ],
      ]),
    ),
  );
}

export const sum = (files: readonly FileSize[]) => files.reduce((n, f) => n + f.gzip, 0);

/** Budget failures, one line each (empty: within budget). */
export function overBudget(s: BuildSizes): string[] {
  const out: string[] = [];
  if (s.entry.gzip > ENTRY_BUDGET_KB * 1000)
    out.push(
      `entry chunk ${s.entry.file} is ${kb(s.entry.gzip)} KB gzip, budget ${ENTRY_BUDGET_KB} KB`,
    );
  const css = sum(s.css);
  if (css > CSS_BUDGET_KB * 1000)
    out.push(
      `CSS (${s.css.map((f) => f.file).join(', ')}) is ${kb(css)} KB gzip, budget ${CSS_BUDGET_KB} KB`,
    );
  const initial = sum(s.initial);
  if (initial > INITIAL_GUARD_KB * 1000)
    out.push(
      `initial JS (${s.initial.length} files) is ${kb(initial)} KB gzip, guard ${INITIAL_GUARD_KB} KB`,
    );
  for (const cycle of s.cycles) out.push(`chunks import each other: ${cycle}`);
  return out;
}

export function formatSizes(s: BuildSizes): string {
  const rows: [string, string, string][] = [
    ['entry chunk', `${kb(s.entry.gzip)} KB`, `<= ${ENTRY_BUDGET_KB} KB`],
    [
      'initial JS (entry + modulepreload)',
      `${kb(sum(s.initial))} KB (${s.initial.length} files)`,
      `<= ${INITIAL_GUARD_KB} KB`,
    ],
    ['CSS', `${kb(sum(s.css))} KB`, `<= ${CSS_BUDGET_KB} KB`],
    ['lazy chunks', `${kb(sum(s.lazy))} KB (${s.lazy.length} files)`, '-'],
    ...s.lazy.map((f): [string, string, string] => [`  ${f.file}`, `${kb(f.gzip)} KB`, '']),
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([a, b, c]) => `${a.padEnd(w)}  ${b.padStart(22)}  ${c}`).join('\n');
}

function main(argv: string[]): void {
  const dir = resolve(argv[0] ?? 'dist');
  let sizes: BuildSizes;
  try {
    sizes = measureBuild(dir);
  } catch (err) {
    process.stderr.write(`size:check: ${(err as Error).message} (run npm run build first)\n`);
    process.exit(1);
  }
  process.stdout.write(`gzip sizes of ${dir}\n${formatSizes(sizes)}\n`);
  const over = overBudget(sizes);
  for (const line of over) process.stderr.write(`size:check: ${line}\n`);
  process.exit(over.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
