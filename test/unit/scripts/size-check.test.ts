/**
 * What the size budget counts (scripts/size-check.ts, issue 13): the entry, the initial JS (the
 * entry and index.html's modulepreloads, each file once) and the lazy chunks, from index.html;
 * and the chunks that import each other, which it refuses.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles, measureBuild, overBudget, sum } from '@scripts/size-check';

let dir: string;
const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
const FILES = {
  'assets/index-a.js': 'import "./shared-b.js";\n'.repeat(40),
  'assets/shared-b.js': 'import "./index-a.js";\nexport const b = 1;\n'.repeat(30),
  'assets/lazy-c.js': 'export const c = 2;\n'.repeat(20),
  'assets/index-d.css': 'body { color: red; }\n',
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assetdeck-size-'));
  await mkdir(join(dir, 'assets'));
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(dir, name), text);
  // As Vite writes it when a chunk the entry imports imports the entry back: the entry is also
  // listed as a modulepreload, and a file may be listed twice.
  await writeFile(
    join(dir, 'index.html'),
    [
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
      '<link rel="modulepreload" crossorigin href="/assets/index-a.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-d.css">',
    ].join('\n'),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('measureBuild', () => {
  it('counts each initial file once, the entry among them, and the rest as lazy', () => {
    const s = measureBuild(dir);
    expect(s.entry).toMatchObject({
      file: 'assets/index-a.js',
      gzip: gz(FILES['assets/index-a.js']),
    });
    expect(s.initial.map((f) => f.file)).toEqual(['assets/index-a.js', 'assets/shared-b.js']);
    expect(sum(s.initial)).toBe(gz(FILES['assets/index-a.js']) + gz(FILES['assets/shared-b.js']));
    expect(s.lazy.map((f) => f.file)).toEqual(['assets/lazy-c.js']);
    expect(s.css.map((f) => f.file)).toEqual(['assets/index-d.css']);
  });
});

describe('importCycles', () => {
  it('names chunks that import each other, and fails the check with them', () => {
    // the fixture's entry and shared chunk import each other, as two merged chunks once did
    const s = measureBuild(dir);
    expect(s.cycles).toEqual(['index-a.js -> shared-b.js -> index-a.js']);
    expect(overBudget(s)).toEqual([
      'chunks import each other: index-a.js -> shared-b.js -> index-a.js',
    ]);
  });

  it('finds a cycle round about, in the forms a minified chunk imports, and not a dynamic import', async () => {
    const d = await mkdtemp(join(tmpdir(), 'assetdeck-cycles-'));
    try {
      await writeFile(join(d, 'a.js'), 'import{x as y}from"./b.js";const l=()=>import("./d.js");');
      await writeFile(join(d, 'b.js'), 'import"./c.js";export const x=1;');
      await writeFile(join(d, 'c.js'), 'export{y}from"./a.js";');
      await writeFile(join(d, 'd.js'), 'import{x}from"./b.js";');
      expect(importCycles(d)).toEqual(['a.js -> b.js -> c.js -> a.js']);
      await writeFile(join(d, 'c.js'), 'export const y=2;');
      expect(importCycles(d)).toEqual([]);
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });
});
