/**
 * src/ui/mantine-styles.ts imports Mantine's stylesheets one component at a time instead of the
 * whole @mantine/core/styles.css. A component with no stylesheet would render unstyled, and
 * nothing else would notice, so this test works out which stylesheets the app needs: every
 * Mantine export that src/ imports, followed through the packages' own ES modules (a Select is
 * built of Combobox, Input, Popover...), and every CSS module (`X.module.mjs`: the class names
 * of styles/X.css) that is reached. Those, and only those, must be listed, in the order of
 * styles.css (later rules of equal specificity win: ActionIcon's after UnstyledButton's).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const MANTINE = join(ROOT, 'node_modules/@mantine');
const PACKAGES = ['core', 'dates', 'notifications', 'charts', 'hooks'] as const;
/** Not a component's: the reset, the theme's variables and the global classes. */
const GLOBAL = ['baseline', 'default-css-variables', 'global'];

/** `import { A, B as C } from 'X'` / `export { ... } from 'X'` (not `import type`) → [names, X]. */
function namedImports(code: string): [string[], string][] {
  const out: [string[], string][] = [];
  for (const m of code.matchAll(
    /(?:import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    if (m[1]) continue;
    const names = (m[2] as string)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '))
      .map((s) => (s.split(/\s+as\s+/)[0] as string).trim());
    out.push([names, m[3] as string]);
  }
  return out;
}

/** Each package's exported name → the module file that defines it (from its esm/index.mjs). */
const exportsOf = new Map<string, Map<string, string>>();
function exportFile(pkg: string, name: string): string | undefined {
  let map = exportsOf.get(pkg);
  if (!map) {
    map = new Map();
    const index = join(MANTINE, pkg, 'esm/index.mjs');
    for (const [names, from] of namedImports(readFileSync(index, 'utf8'))) {
      if (from.startsWith('.')) for (const n of names) map.set(n, resolve(dirname(index), from));
    }
    exportsOf.set(pkg, map);
  }
  return map.get(name);
}

function mantinePackage(specifier: string): string | undefined {
  const m = /^@mantine\/([a-z]+)$/.exec(specifier);
  return m && (PACKAGES as readonly string[]).includes(m[1] as string) ? m[1] : undefined;
}

/** The module files of the Mantine exports that `code` imports by name. */
function mantineImports(code: string): string[] {
  return namedImports(code).flatMap(([names, from]) => {
    const pkg = mantinePackage(from);
    return pkg ? names.flatMap((n) => exportFile(pkg, n) ?? []) : [];
  });
}

/** The stylesheets (component names) reached from the app's imports. */
function neededStylesheets(): Set<string> {
  const src = join(ROOT, 'src');
  const queue = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .flatMap((f) => mantineImports(readFileSync(join(src, f), 'utf8')));
  const seen = new Set<string>();
  const needed = new Set<string>();
  const coreEsm = join(MANTINE, 'core/esm');
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith(coreEsm) && file.endsWith('.module.mjs')) {
      needed.add(basename(file, '.module.mjs'));
    }
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(resolve(dirname(file), m[1] as string));
    }
    queue.push(...mantineImports(code));
  }
  return needed;
}

const listed = [
  ...readFileSync(join(ROOT, 'src/ui/mantine-styles.ts'), 'utf8').matchAll(
    /^import '@mantine\/core\/styles\/([A-Za-z-]+)\.css';$/gm,
  ),
].map((m) => m[1] as string);

describe('Mantine stylesheets (src/ui/mantine-styles.ts)', () => {
  it('lists the stylesheet of every Mantine component the app renders, and no other', () => {
    // Every CSS module has its stylesheet under styles/ (a package layout change would fail here).
    const components = [...neededStylesheets()];
    for (const n of components) {
      expect(statSync(join(MANTINE, 'core/styles', `${n}.css`)).isFile(), n).toBe(true);
    }
    expect(components.length).toBeGreaterThan(20);
    expect(components).toContain('Table');
    expect(new Set(listed.filter((n) => !GLOBAL.includes(n)))).toEqual(new Set(components));
  });

  it('starts with the global styles and keeps the order of styles.css', () => {
    expect(listed.slice(0, 3)).toEqual(GLOBAL);
    const whole = readFileSync(join(MANTINE, 'core/styles.css'), 'utf8');
    const at = listed.map((n) => {
      const own = readFileSync(join(MANTINE, 'core/styles', `${n}.css`), 'utf8').trim();
      const i = whole.indexOf(own.slice(0, 200));
      expect(i, n).toBeGreaterThanOrEqual(0);
      return i;
    });
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('the first page no longer takes the whole file', () => {
    const main = readFileSync(join(ROOT, 'src/main.tsx'), 'utf8');
    expect(main).toContain("import './ui/mantine-styles';");
    expect(main).not.toContain('@mantine/core/styles.css');
    expect(main).not.toContain('@mantine/dates/styles.css');
  });
});
