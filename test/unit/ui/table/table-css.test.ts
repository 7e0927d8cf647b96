/**
 * The virtual tables' stylesheet (src/ui/table/table.module.css), read as CSS: the scroll area's
 * focus ring is the app's focus colour (`--ad-focus`, at least 3:1 on every surface in both
 * schemes: test/unit/ui/contrast.test.ts), not the brand blue (2.5:1 in dark, review M5). A cell
 * wraps its words rather than cutting them with an ellipsis that nothing reveals (review M7).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

const css = postcss.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../src/ui/table/table.module.css'), 'utf8'),
);
/** The declarations of the rules whose selector is exactly `selector`. */
function decls(selector: string): Record<string, string> {
  const out: Record<string, string> = {};
  css.walkRules((r: Rule) => {
    if (r.selectors.includes(selector)) r.walkDecls((d) => void (out[d.prop] = d.value));
  });
  return out;
}

describe('table.module.css', () => {
  it("rings the focused scroll area in the app's focus colour", () => {
    expect(decls('.scroller:focus-visible').outline).toBe('2px solid var(--ad-focus)');
  });

  it('uses no other colour for any focus ring', () => {
    css.walkRules((r: Rule) => {
      if (!r.selector.includes(':focus')) return;
      r.walkDecls(/^outline/, (d) => {
        if (/solid/.test(d.value)) expect(d.value).toContain('var(--ad-focus)');
      });
    });
  });

  it('wraps words in a cell rather than cutting them with an ellipsis', () => {
    const cell = decls('.cell');
    expect(cell['text-overflow']).toBeUndefined();
    expect(cell['white-space']).toBeUndefined();
    expect(cell['overflow-wrap']).toBe('anywhere');
    // two lines fit a 40 px row (14 px text)
    expect(Number(cell['line-height'])).toBeLessThanOrEqual(1.3);
    css.walkDecls('text-overflow', (d) => expect(d.value).not.toBe('ellipsis'));
  });
});
