import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/compile-hints.ts';
import { noChunkCycles } from './scripts/chunk-cycles.ts';
import { devProxyLogger } from './scripts/dev-proxy-logger.ts';

/** Port of the simulator during development; `npm start` sets it for both processes. */
const simPort = Number(process.env.ASSETDECK_SIM_PORT ?? 8790);
const simTarget = `http://127.0.0.1:${simPort}`;

const LOCALES_DIR = fileURLToPath(new URL('./locales', import.meta.url));

/** Every `<lng>/<ns>.json` under locales/, as URL-style relative paths. */
function localeFiles(): string[] {
  return readdirSync(LOCALES_DIR).flatMap((lng) =>
    statSync(join(LOCALES_DIR, lng)).isDirectory()
      ? readdirSync(join(LOCALES_DIR, lng))
          .filter((f) => f.endsWith('.json'))
          .map((f) => `${lng}/${f}`)
      : [],
  );
}

/**
 * Translations live in locales/ at the repository root (not in public/), and i18next reads them
 * over HTTP from /locales/{lng}/{ns}.json: served from the folder in development, copied into
 * the build as-is.
 */
function locales(): Plugin {
  return {
    name: 'assetdeck-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res) => {
        const notFound = () => {
          // Never the SPA fallback: i18next must see a 404 (no retry), not index.html.
          res.statusCode = 404;
          res.end();
        };
        let rel: string;
        try {
          rel = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        } catch {
          return notFound();
        }
        const file = resolve(LOCALES_DIR, rel);
        if (!file.startsWith(LOCALES_DIR + sep) || !file.endsWith('.json')) return notFound();
        try {
          const body = readFileSync(file);
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.end(body);
        } catch {
          notFound();
        }
      });
    },
    generateBundle() {
      for (const rel of localeFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${rel}`,
          source: readFileSync(join(LOCALES_DIR, rel)),
        });
      }
    },
  };
}

/** Text files worth compressing, and the smallest worth it. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.json', '.svg']);
const COMPRESS_MIN_BYTES = 1024;

/**
 * `.br` (brotli, best level) and `.gz` (gzip 9) next to every text file of the build, made once
 * here so that the servers (server/app-files.ts) send them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
    );
  return {
    name: 'assetdeck-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.has(extname(file))) continue;
        const raw = readFileSync(file);
        if (raw.length < COMPRESS_MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * react-router 7 points every export condition at its development build, which differs from the
 * production build it also ships only by ENABLE_DEV_WARNINGS (console warnings, and the code that
 * makes them, in the served app: remix-run/react-router#14102). The build takes the production one.
 */
const ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The chunks as rolldown splits them by default (modules grouped by the set of entries, the
 * index and each lazy screen or dialog, that import them), except that a group smaller than
 * MERGE_BELOW_BYTES is merged into its nearest neighbour instead of being a file of its own.
 *
 * Why (issue 13, app-ready at 4x CPU throttling): by default the build had 100 JavaScript files,
 * most of them under 1 KB gzip, and the signed-in copy-trade page loaded 58 of them. Each
 * response costs the throttled main thread a task of its own (2-4 ms in a trace of the load,
 * 130 ms for the lazy chunks alone), queued ahead of the REST answers and the websocket
 * handshakes. Merged: 56 files, 42 on that page, and no more bytes (314.7 against 319.1 KB sent);
 * app-ready medians 0.94-0.95x in three sets of 8 cold runs alternately (docs/performance.md). A
 * larger threshold merges more but sends code a page does not use (50 000: 27 files, 450.6 KB).
 *
 * Grouping only the lazy modules (`includeDependenciesRecursively: false`, the index's static
 * graph left out) gave 82 files and 62 requests on that page: worse than no grouping.
 *
 * The packages the index loads statically (`$initial`: React, the router, Mantine, XState,
 * i18next, decimal.js…) are one chunk of their own, `initial-vendor`, taken before the split.
 * Why: with the split alone, the index's static graph was cut by which lazy chunks shared each
 * module, and two of the pieces imported the entry back. A cycle: the piece ran before the entry
 * and worked only while no module's top level read an entry binding; moving one component into a
 * module of its own (b96692e) regrouped them so that one read Mantine's `Button.classes` unset,
 * and every page was blank. A package never imports our code, so the vendor chunk cannot close a
 * cycle; the build (`noChunkCycles`, scripts/chunk-cycles.ts) and `npm run size:check` fail on
 * any cycle among the chunks. It also pays: initial JS 260.8 KB gzip in 7 files against 285.6 KB
 * in 22 (2026-11-28), app-ready the same (0.98x, 8 cold runs each alternately), and a vendor file
 * whose name changes only when a package does. (`output.strictExecutionOrder` would also make
 * cycles safe, for 11.8 KB gzip more initial JS: 11.3 KB on 2026-11-28, and the merge still cut
 * cycles among the lazy chunks.)
 *
 * The merge of small subgroups does not look for cycles (rolldown 1.2.19), and a change of a few
 * hundred bytes can move a module to another neighbour: on 2026-11-28 a 300-byte function added
 * to src/ui/dialogs/money/labels.ts made two money-dialog chunks import each other at every
 * threshold from 2 048 to 8 192 bytes (only 0 and 1 024 were free of cycles), and the same
 * function in a module of its own at none. The build then says which chunks, and how to untie
 * them.
 */
const MERGE_BELOW_BYTES = 4096;
const SPLIT_GROUP = 'split';
const CODE_SPLITTING = {
  groups: [
    {
      name: 'initial-vendor',
      test: /node_modules/,
      tags: ['$initial' as const],
      // before the split group, which then takes none of these modules
      priority: 2,
    },
    {
      name: SPLIT_GROUP,
      test: /./,
      entriesAware: true,
      entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
    },
  ],
};

/**
 * File names of the chunks and of their stylesheets: rolldown names a group's chunk after the
 * group and the entries that load it (`split~RecordsScreen`, `split~index~NotFoundPage~…~hash`);
 * a chunk of one entry keeps that entry's name, as without the group, and one shared by several
 * entries is `shared-` and where most of its modules come from (`shared-mantine-core-…`,
 * `shared-features-assets-…`), so that sizes and profiles still say what a file holds. A shared
 * stylesheet is plain `shared-…`: rolldown tells the asset name function no modules.
 */
function splitName(name: string | undefined, moduleIds: readonly string[] = []): string {
  const parts = (name ?? '').split('~');
  if (parts[0] !== SPLIT_GROUP) return '[name]';
  if (parts.length === 2) return parts[1] as string;
  // Where each module comes from: a package, or the first two folders under src/ (ours, marked
  // `~`, first on a tie: the name then says which of our code the file holds).
  const count = new Map<string, number>();
  for (const id of moduleIds) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
    const ours = /\/src\/([^/]+(?:\/[^/.]+)?)/.exec(id)?.[1];
    const from = pkg ?? (ours === undefined ? undefined : `~${ours}`);
    if (from) count.set(from, (count.get(from) ?? 0) + 1);
  }
  const mine = (k: string) => (k.startsWith('~') ? 0 : 1);
  const [top] = [...count].sort(
    (a, b) => b[1] - a[1] || mine(a[0]) - mine(b[0]) || (a[0] < b[0] ? -1 : 1),
  );
  return top ? `shared-${top[0].replace(/^[~@]/, '').replace(/[^\w-]+/g, '-')}` : 'shared';
}
const chunkFileNames = (chunk: { name: string; moduleIds: readonly string[] }) =>
  `assets/${splitName(chunk.name, chunk.moduleIds)}-[hash].js`;
const assetFileNames = (asset: { names: readonly string[] }) =>
  `assets/${splitName(asset.names[0]?.replace(/\.[^.]*$/, ''))}-[hash][extname]`;

export default defineConfig(({ command }) => ({
  // compileHints rewrites the chunks at writeBundle, which every plugin has finished before
  // precompress reads them at closeBundle.
  plugins: [react(), locales(), compileHints(), noChunkCycles(), precompress()],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] }
      : {},
  // A browser reloading resets its proxied websockets: not an error worth a stack trace.
  customLogger: devProxyLogger(),
  server: {
    host: '127.0.0.1',
    proxy: {
      // PROTOCOL.md section 1: REST under the proxy prefix, websockets under /ws. Forwarded with
      // the prefix kept (the simulator and the replay server serve both prefixes themselves), so
      // they can tell a proxied request from a local one: their operator endpoints (/__admin,
      // /__replay) refuse anything that came through /api or /ws, even with Vite on --host.
      // xfwd: the page's host goes along as X-Forwarded-Host, which the simulator's origin check
      // (server/rest/origin-guard.ts) takes as its own even from browsers that send no
      // Sec-Fetch-Site (changeOrigin rewrites Host to the simulator's).
      '/api': { target: simTarget, changeOrigin: true, xfwd: true },
      '/ws': { target: simTarget.replace('http', 'ws'), ws: true, xfwd: true },
      // The static host's coin icons, which the simulator stands in for (server/rest/coin-icons.ts).
      '/assets/image/coins': { target: simTarget, changeOrigin: true },
    },
  },
  // No source maps in the build: the served app must not publish its sources (docs/security.md).
  // ASSETDECK_SOURCEMAP=1 makes them for a local profiling build (never for one that is served).
  build: {
    sourcemap: process.env.ASSETDECK_SOURCEMAP === '1',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: CODE_SPLITTING, chunkFileNames, assetFileNames } },
  },
}));
