/**
 * The build refuses chunks that import each other (scripts/chunk-cycles.ts): a real Vite build
 * of a few modules whose groups put them in two chunks, each importing the other.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { findCycles, noChunkCycles } from '@scripts/chunk-cycles';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assetdeck-chunk-cycles-'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
  );
  await mkdir(join(dir, 'src'));
  // main -> a -> b -> c: no cycle among the modules
  await writeFile(join(dir, 'src', 'main.js'), "import { a } from './a.js';\nconsole.log(a());\n");
  await writeFile(
    join(dir, 'src', 'a.js'),
    "import { b } from './b.js';\nexport const a = () => b() + 1;\n",
  );
  await writeFile(
    join(dir, 'src', 'b.js'),
    "import { c } from './c.js';\nexport const b = () => c() + 1;\n",
  );
  await writeFile(join(dir, 'src', 'c.js'), 'export const c = () => 1;\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Builds the modules above, a and c in one group and b in another when `cut`. */
const buildWith = (out: string, cut: boolean) =>
  build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [noChunkCycles()],
    build: {
      outDir: join(dir, out),
      emptyOutDir: true,
      rolldownOptions: cut
        ? {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'ac', test: /\/src\/[ac]\.js$/, includeDependenciesRecursively: false },
                  { name: 'b', test: /\/src\/b\.js$/, includeDependenciesRecursively: false },
                ],
              },
            },
          }
        : {},
    },
  });

describe('noChunkCycles', () => {
  it('fails a build whose chunks import each other, naming them', async () => {
    await expect(buildWith('cut', true)).rejects.toThrow(
      /chunks import each other: assets\/(ac|b)-[\w-]+\.js -> assets\/(ac|b)-[\w-]+\.js -> assets\/(ac|b)-[\w-]+\.js/,
    );
  });

  it('lets a build without cycles through', async () => {
    await buildWith('whole', false);
    expect((await readdir(join(dir, 'whole', 'assets'))).some((f) => f.endsWith('.js'))).toBe(true);
  });
});

describe('findCycles', () => {
  it('finds each cycle once, round about too, and nothing in a graph without one', () => {
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a', 'd']],
          ['d', []],
          ['e', ['e']],
        ]),
      ),
    ).toEqual(['a -> b -> c -> a', 'e -> e']);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });
});
