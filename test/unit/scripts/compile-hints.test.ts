/**
 * The build's V8 compile hint (scripts/compile-hints.ts, issue 13): the first line of every
 * emitted JS chunk, ahead of what Vite itself puts at the top of an entry that imports lazily.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { COMPILE_HINT, compileHints } from '@scripts/compile-hints';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assetdeck-hints-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compile hints', () => {
  it('puts the hint first in every chunk of a real build, entry and lazy chunks alike', async () => {
    const src = join(dir, 'src');
    const out = join(dir, 'out');
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
    );
    await mkdir(src);
    await writeFile(
      join(src, 'main.js'),
      "import './main.css';\nexport const go = () => import('./lazy.js').then((m) => m.run());\ngo();\n",
    );
    await writeFile(
      join(src, 'lazy.js'),
      "import './lazy.css';\nexport function run() { return 1; }\n",
    );
    await writeFile(join(src, 'main.css'), 'body { color: red; }\n');
    await writeFile(join(src, 'lazy.css'), 'p { color: blue; }\n');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHints()],
      build: { outDir: out, emptyOutDir: true },
    });
    const files = await readdir(join(out, 'assets'));
    const js = files.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThanOrEqual(2);
    for (const f of js) {
      const code = await readFile(join(out, 'assets', f), 'utf8');
      expect(code.split('\n')[0], f).toBe(COMPILE_HINT);
      expect(code.indexOf(COMPILE_HINT, 1), f).toBe(-1);
    }
    // The entry's own first line (Vite's map of the lazy chunk's CSS) comes after the hint.
    const entry = js.find((f) => f.startsWith('main-') || f.startsWith('index-')) as string;
    expect((await readFile(join(out, 'assets', entry), 'utf8')).split('\n')[1]).toMatch(
      /__vite__mapDeps/,
    );
    for (const f of files.filter((f) => f.endsWith('.css')))
      expect(await readFile(join(out, 'assets', f), 'utf8')).not.toContain(COMPILE_HINT);
  });

  it('leaves assets alone and never adds the hint twice', async () => {
    const out = join(dir, 'hook');
    await mkdir(join(out, 'assets'), { recursive: true });
    await writeFile(join(out, 'assets', 'a.js'), 'export const a = 1;\n');
    await writeFile(join(out, 'assets', 'b.js'), `${COMPILE_HINT}\nexport const b = 2;\n`);
    await writeFile(join(out, 'assets', 'c.css'), 'a{}\n');
    const hook = compileHints().writeBundle as (o: { dir?: string }, b: object) => void;
    hook.call(
      {},
      { dir: out },
      {
        'assets/a.js': { type: 'chunk', fileName: 'assets/a.js' },
        'assets/b.js': { type: 'chunk', fileName: 'assets/b.js' },
        'assets/c.css': { type: 'asset', fileName: 'assets/c.css' },
      },
    );
    expect(await readFile(join(out, 'assets', 'a.js'), 'utf8')).toBe(
      `${COMPILE_HINT}\nexport const a = 1;\n`,
    );
    expect(await readFile(join(out, 'assets', 'b.js'), 'utf8')).toBe(
      `${COMPILE_HINT}\nexport const b = 2;\n`,
    );
    expect(await readFile(join(out, 'assets', 'c.css'), 'utf8')).toBe('a{}\n');
  });
});
