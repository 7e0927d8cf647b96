/**
 * Builds the dashboard once per e2e run (Vite's JS API, the project's own vite.config.ts) into a
 * temporary folder, so the simulator can serve it same-origin with --app semantics.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Build into a fresh temp folder; returns it and a function that deletes it. With E2E_APP_DIR
 * set (CI sets it to the dist/ its build step has just made and size-checked), that build is
 * used as it is and kept: the same app, built once instead of twice.
 */
export async function buildApp(): Promise<{ dir: string; remove: () => void }> {
  const given = process.env.E2E_APP_DIR;
  if (given) {
    const dir = resolve(REPO_ROOT, given);
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`E2E_APP_DIR=${given}: no index.html there (run npm run build first)`);
    }
    return { dir, remove: () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'assetdeck-e2e-app-'));
  // Vitest sets NODE_ENV=test, and Vite bundles process.env.NODE_ENV from it: React's development
  // build (StrictMode's double effects, dev checks, a bigger and slower bundle) instead of the one
  // that ships. The tests are of the production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: REPO_ROOT,
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
