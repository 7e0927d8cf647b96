/**
 * Builds the dashboard once per e2e run (Vite's JS API, the project's own vite.config.ts) into a
 * temporary folder, so the simulator can serve it same-origin with --app semantics.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Build into a fresh temp folder; returns it and a function that deletes it. */
export async function buildApp(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'assetdeck-e2e-app-'));
  await build({
    root: REPO_ROOT,
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, sourcemap: false },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
