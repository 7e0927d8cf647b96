/**
 * The visually-hidden rule is written once (src/ui/styles/mixins.css) and written out by
 * postcss-mixins (postcss.config.js) inside the four CSS modules that hide a text only below a
 * width. Each module goes through Vite's own CSS pipeline, as the build does: the six
 * declarations land on the same element under the same media or container query as when each
 * module kept its own copy, and nowhere else; no `@mixin` is left for a browser to ignore.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postcss, { type AtRule, type Rule } from 'postcss';
import { preprocessCSS, resolveConfig, type ResolvedConfig } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');

const VISUALLY_HIDDEN = {
  position: 'absolute',
  'inline-size': '1px',
  'block-size': '1px',
  overflow: 'hidden',
  'clip-path': 'inset(50%)',
  'white-space': 'nowrap',
};

/** Each module, the query under which its text is hidden, and the hidden element's selector. */
const CASES = [
  {
    file: 'src/features/copytrade/copytrade.module.css',
    at: 'media (max-width: 575px)',
    selector: (m: Record<string, string>) => `.${m.groupCount}`,
  },
  {
    file: 'src/features/assets/earn/earn.module.css',
    at: 'media (max-width: 48em)',
    selector: (m: Record<string, string>) => `.${m.head}`,
  },
  {
    file: 'src/features/assets/records/records.module.css',
    at: 'media (max-width: 767.98px)',
    selector: (m: Record<string, string>) => `.${m.table} thead`,
  },
  {
    file: 'src/features/assets/wallets.module.css',
    at: 'container (max-width: 719px)',
    selector: (m: Record<string, string>) => `.${m.toggleText}`,
  },
];

let config: ResolvedConfig;
beforeAll(async () => {
  config = await resolveConfig({ root: ROOT, configFile: false, logLevel: 'silent' }, 'build');
});

/** The module as Vite compiles it: its CSS and its class names. */
async function compile(file: string): Promise<{ css: string; modules: Record<string, string> }> {
  const path = join(ROOT, file);
  const r = await preprocessCSS(readFileSync(path, 'utf8'), path, config);
  return { css: r.code, modules: r.modules ?? {} };
}

/** Where the six declarations stand: "query > selector" of each rule that has them all. */
function hiddenRules(css: string): string[] {
  const found: string[] = [];
  postcss.parse(css).walkRules((rule: Rule) => {
    const decls = Object.fromEntries(
      rule.nodes.flatMap((n) => (n.type === 'decl' ? [[n.prop, n.value]] : [])),
    );
    if (!Object.entries(VISUALLY_HIDDEN).every(([p, v]) => decls[p] === v)) return;
    const at = rule.parent?.type === 'atrule' ? (rule.parent as AtRule) : undefined;
    found.push(`${at ? `${at.name} ${at.params}` : '(always)'} > ${rule.selector}`);
  });
  return found;
}

describe('the visually-hidden mixin', () => {
  it.each(CASES)('$file: hidden only under $at', async ({ file, at, selector }) => {
    const { css, modules } = await compile(file);
    expect(css).not.toMatch(/@mixin|@define-mixin/);
    expect(hiddenRules(css)).toEqual([`${at} > ${selector(modules)}`]);
  });

  it('no other CSS file of the app keeps its own copy of the rule; the four modules use the mixin', () => {
    const files = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter((f) =>
      f.endsWith('.css'),
    );
    const copies = files.filter((f) => {
      const text = readFileSync(join(ROOT, 'src', f), 'utf8');
      return f !== join('ui', 'styles', 'mixins.css') && text.includes('clip-path: inset(50%)');
    });
    expect(copies).toEqual([]);
    const users = files.filter((f) =>
      readFileSync(join(ROOT, 'src', f), 'utf8').includes('@mixin visually-hidden;'),
    );
    expect(users.sort()).toEqual(CASES.map((c) => c.file.replace(/^src\//, '')).sort());
  });
});
