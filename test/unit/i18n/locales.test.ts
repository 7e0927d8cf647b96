import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@src/api/error-codes';
import { NAMESPACES } from '@src/i18n/i18n';
import { LANGUAGES } from '@src/i18n/languages';

const ROOT = join(import.meta.dirname, '../../../locales');
const SRC = join(import.meta.dirname, '../../../src');

type Tree = { [key: string]: string | Tree };
const read = (lng: string, ns: string): Tree =>
  JSON.parse(readFileSync(join(ROOT, lng, `${ns}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const variables = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** What is wrong with a translated tree compared with the English one; empty when complete. */
function problems(english: Tree, translated: Tree): string[] {
  const en = flatten(english);
  const other = flatten(translated);
  const out: string[] = [];
  for (const [key, text] of en) {
    const t = other.get(key);
    if (t === undefined) out.push(`missing ${key}`);
    else if (t.trim() === '') out.push(`empty ${key}`);
    else if (variables(t).join() !== variables(text).join()) out.push(`variables differ in ${key}`);
  }
  for (const key of other.keys()) if (!en.has(key)) out.push(`extra ${key}`);
  return out;
}

describe('locale files', () => {
  it('exist for every language and nothing else', () => {
    const dirs = readdirSync(ROOT).sort();
    expect(dirs).toEqual([...LANGUAGES].sort());
    for (const lng of LANGUAGES) {
      expect(readdirSync(join(ROOT, lng)).sort()).toEqual(
        NAMESPACES.map((n) => `${n}.json`).sort(),
      );
    }
  });

  describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s', (lng) => {
    it.each([...NAMESPACES])('%s has every key of en, no extra, same {{variables}}', (ns) => {
      expect(problems(read('en', ns), read(lng, ns))).toEqual([]);
    });
  });

  it('detects a missing key, an extra key and a changed variable (the check itself works)', () => {
    const en: Tree = { a: 'A {{x}}', b: { c: 'C', e: 'E' }, f: 'F' };
    const bad: Tree = { a: 'A {{y}}', b: { e: 'E' }, d: 'D', f: ' ' };
    expect(problems(en, bad)).toEqual([
      'variables differ in a',
      'missing b.c',
      'empty f',
      'extra d',
    ]);
    expect(problems(en, { a: 'Ein {{x}}', b: { c: 'Ce', e: 'Ee' }, f: 'Ef' })).toEqual([]);
  });

  it('holds one message per code of the error catalogue, English text identical', () => {
    const en = read('en', 'inverse-error-code');
    expect(Object.keys(en).sort()).toEqual(Object.keys(ERROR_MESSAGES).sort());
    for (const [code, text] of Object.entries(ERROR_MESSAGES)) expect(en[code]).toBe(text);
  });

  it('defines every literal key the source passes to t()', () => {
    const en = flatten(read('en', 'user-assets'));
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(ts|tsx)$/.test(f),
    );
    const used = new Set<string>();
    for (const f of files) {
      const text = readFileSync(join(SRC, f), 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
  });
});
