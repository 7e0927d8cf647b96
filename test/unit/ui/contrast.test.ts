/**
 * WCAG 2.2 AA contrast of every text and mark colour of the theme against every background it is
 * drawn on, in both schemes (issue 18): the colours come from src/ui/tones.ts (the one place that
 * chooses them); the ratio is computed here with its own copy of the WCAG formula. The value
 * flashes are read from their CSS keyframes and checked at every step of the fade.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BRAND_SHADES,
  SCHEME_TONES,
  SCHEMES,
  SURFACES,
  TONES,
  schemeVariables,
  type Scheme,
} from '@src/ui/tones';
import { theme, THEME_TOKENS } from '@src/ui/theme';

// --- WCAG 2.2 relative luminance and contrast ratio (independent of src/ui/tones.ts) ---
function channels(hex: string): number[] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16));
}
function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function ratio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
/** Colour between `a` (t = 0) and `b` (t = 1), as a CSS animation interpolates in sRGB. */
function between(a: string, b: string, t: number): string {
  const x = channels(a);
  const y = channels(b);
  return (
    '#' +
    x
      .map((c, i) => Math.round(c + (y[i]! - c) * t))
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')
  );
}

const TEXT = 4.5;
const MARK = 3;

interface Pair {
  what: string;
  fg: string;
  bg: string;
  min: number;
}

/** Every (foreground, background) pair the page draws, per scheme. */
function pairsOf(scheme: Scheme): Pair[] {
  const { base, palettes } = SCHEME_TONES[scheme];
  const surfaces = Object.entries(SURFACES[scheme]);
  const pairs: Pair[] = [];
  const onSurfaces = (what: string, fg: string, min = TEXT) => {
    for (const [s, bg] of surfaces) pairs.push({ what: `${what} on ${s}`, fg, bg, min });
  };
  onSurfaces('text', base.text);
  onSurfaces('dimmed text', base.dimmed);
  onSurfaces('link / active nav', base.anchor);
  onSurfaces('focus ring', schemeVariables(scheme)['--ad-focus']!, MARK);
  for (const [name, p] of Object.entries(palettes)) {
    onSurfaces(`${name} text`, p.text);
    onSurfaces(`${name} outline`, p.outline);
    // Light badges, alerts, light buttons: their own colour and the body/muted text inside.
    for (const bg of ['light', 'light-hover'] as const) {
      pairs.push({
        what: `${name} light-color on ${bg}`,
        fg: p['light-color'],
        bg: p[bg],
        min: TEXT,
      });
    }
    pairs.push({ what: `text on ${name} light`, fg: base.text, bg: p.light, min: TEXT });
    pairs.push({ what: `dimmed on ${name} light`, fg: base.dimmed, bg: p.light, min: TEXT });
    // Filled controls: white label on the fill, at rest and hovered.
    for (const bg of ['filled', 'filled-hover'] as const) {
      pairs.push({ what: `white on ${name} ${bg}`, fg: '#ffffff', bg: p[bg], min: TEXT });
    }
  }
  for (const tone of Object.keys(TONES)) {
    const v = schemeVariables(scheme);
    onSurfaces(`${tone} tone text`, v[`--ad-tone-${tone}-text`]!);
    onSurfaces(`${tone} tone mark`, v[`--ad-tone-${tone}-mark`]!, MARK);
    pairs.push({
      what: `${tone} tone text on its tint`,
      fg: v[`--ad-tone-${tone}-text`]!,
      bg: v[`--ad-tone-${tone}-bg`]!,
      min: TEXT,
    });
  }
  return pairs;
}

// --- the flash keyframes, read from the CSS the app ships ---
const flashCss = readFileSync(
  fileURLToPath(new URL('../../../src/ui/flash/flash.module.css', import.meta.url)),
  'utf8',
);

interface Keyframes {
  name: string;
  fromBg: string;
  fromColor: string | null;
  toBg: string;
  toColor: string | null;
}

function keyframesOf(css: string): Keyframes[] {
  const out: Keyframes[] = [];
  const re = /@keyframes\s+([\w-]+)\s*\{\s*from\s*\{([^}]*)\}\s*to\s*\{([^}]*)\}\s*\}/g;
  for (const m of css.matchAll(re)) {
    const decl = (body: string, prop: string) =>
      new RegExp(`(?:^|[;\\s])${prop}\\s*:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? null;
    out.push({
      name: m[1]!,
      fromBg: decl(m[2]!, 'background-color') ?? 'transparent',
      fromColor: decl(m[2]!, 'color'),
      toBg: decl(m[3]!, 'background-color') ?? 'transparent',
      toColor: decl(m[3]!, 'color'),
    });
  }
  return out;
}

/** A CSS value: var(--x) through the scheme's variables, a #hex, or null for `transparent`. */
function resolve(value: string, scheme: Scheme): string | null {
  if (value === 'transparent') return null;
  const v = /^var\((--[\w-]+)\)$/.exec(value);
  if (v) {
    const hex = schemeVariables(scheme)[v[1]!];
    if (!hex) throw new Error(`${value} is not a variable of src/ui/tones.ts`);
    return hex;
  }
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  throw new Error(`cannot resolve ${value}`);
}

describe('colour contrast of the theme (WCAG 2.2 AA)', () => {
  it('keeps the spec primary #1677ff as the theme primary and fills with a darker brand shade', () => {
    expect(THEME_TOKENS.primaryColor).toBe('#1677ff');
    expect(theme.primaryColor).toBe('brand');
    expect(BRAND_SHADES[5]).toBe('#1677ff');
    const shade = (theme.primaryShade as { light: number }).light;
    expect(shade).toBeGreaterThan(5);
    expect(ratio('#ffffff', BRAND_SHADES[shade]!)).toBeGreaterThanOrEqual(TEXT);
    // ...because the primary itself does not carry white text.
    expect(ratio('#ffffff', '#1677ff')).toBeLessThan(TEXT);
  });

  for (const scheme of SCHEMES) {
    it(`${scheme}: every text reaches 4.5:1 and every mark 3:1 on what it is drawn on`, () => {
      const pairs = pairsOf(scheme);
      expect(pairs.length).toBeGreaterThan(100);
      const failing = pairs
        .map((p) => ({ ...p, ratio: Math.round(ratio(p.fg, p.bg) * 100) / 100 }))
        .filter((p) => p.ratio < p.min)
        .map((p) => `${p.what}: ${p.fg} on ${p.bg} = ${p.ratio}:1 (< ${p.min})`);
      expect(failing).toEqual([]);
    });

    it(`${scheme}: a value flash keeps 4.5:1 at every step of its fade, on every surface`, () => {
      const frames = keyframesOf(flashCss);
      expect(frames.map((f) => f.name).sort()).toEqual(['flash-down', 'flash-up']);
      const { base } = SCHEME_TONES[scheme];
      const v = schemeVariables(scheme);
      // The colour a flashing value has of its own (what the fade returns to).
      const own = {
        text: base.text,
        dimmed: base.dimmed,
        'pnl up': v['--ad-tone-up-text']!,
        'pnl down': v['--ad-tone-down-text']!,
      };
      const failing: string[] = [];
      let checked = 0;
      for (const f of frames) {
        expect(f.toBg).toBe('transparent');
        const fromBg = resolve(f.fromBg, scheme);
        expect(fromBg).not.toBeNull();
        for (const [ownName, ownColor] of Object.entries(own)) {
          const fromColor = f.fromColor ? resolve(f.fromColor, scheme)! : ownColor;
          const toColor = f.toColor ? resolve(f.toColor, scheme)! : ownColor;
          for (const [surfaceName, surface] of Object.entries(SURFACES[scheme])) {
            for (let step = 0; step <= 20; step++) {
              const t = step / 20;
              // Fading to transparent over the surface: the tint mixed into the surface.
              const bg = between(fromBg!, surface, t);
              const fg = between(fromColor, toColor, t);
              checked++;
              const r = ratio(fg, bg);
              if (r < TEXT) {
                failing.push(
                  `${f.name} of ${ownName} text on ${surfaceName} at ${t}: ${fg} on ${bg} = ${r.toFixed(2)}:1`,
                );
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(failing).toEqual([]);
    });
  }

  it.each(SCHEMES)(
    '%s: a disabled control keeps its label at 4.5:1 on its grey (review L9)',
    (scheme) => {
      const v = schemeVariables(scheme);
      const label = v['--mantine-color-disabled-color'];
      const background = v['--mantine-color-disabled'];
      expect(label).toBeDefined();
      expect(background).toBeDefined();
      expect(ratio(label!, background!)).toBeGreaterThanOrEqual(TEXT);
      // still told apart from an enabled control: its own grey, not the page
      expect(background).not.toBe(SCHEME_TONES[scheme].base.body);
    },
  );

  // Accessibility review M1: Mantine's calendar drew days of the next and previous month in the
  // muted colour at half opacity (2.39:1 on white, 2.86:1 in dark) and weekends in red 6 (3.28:1).
  it('the date picker: every colour its stylesheet gives a day or month reaches 4.5:1, at full opacity', () => {
    const css = readFileSync(
      fileURLToPath(new URL('../../../src/ui/dates/dates.module.css', import.meta.url)),
      'utf8',
    ).replace(/\/\*[\s\S]*?\*\//g, '');
    const rules = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({
      selector: m[1]!.trim().replace(/\s+/g, ' '),
      body: m[2]!,
    }));
    const declared = (body: string, prop: string) =>
      new RegExp(`(?:^|[;\\s])${prop}\\s*:\\s*([^;]+);`).exec(body)?.[1]?.trim();
    // The states Mantine draws in a colour of its own, each given one of ours.
    for (const state of ['[data-outside]', '[data-weekend]', '[data-disabled]']) {
      expect(rules.some((r) => r.selector.includes(state) && declared(r.body, 'color'))).toBe(true);
    }
    let checked = 0;
    const failing: string[] = [];
    for (const { selector, body } of rules) {
      const color = declared(body, 'color');
      if (!color) continue;
      // Mantine's half opacity would halve the contrast again: every coloured state sets it to 1.
      if (/data-outside|data-disabled|:disabled/.test(selector)) {
        expect(declared(body, 'opacity'), selector).toBe('1');
      }
      for (const scheme of SCHEMES) {
        const fg = resolve(color, scheme)!;
        // The dropdown is drawn on the page's or the controls' surface; a hovered day on the
        // hover surface: all of SURFACES.
        for (const [surfaceName, bg] of Object.entries(SURFACES[scheme])) {
          checked++;
          const r = ratio(fg, bg);
          if (r < TEXT)
            failing.push(`${selector} ${color} on ${scheme} ${surfaceName}: ${r.toFixed(2)}:1`);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 7);
    expect(failing).toEqual([]);
  });

  it('the amount tones and the flash read only tone variables of src/ui/tones.ts', () => {
    const amountCss = readFileSync(
      fileURLToPath(new URL('../../../src/ui/amount/amount.module.css', import.meta.url)),
      'utf8',
    );
    for (const css of [amountCss, flashCss]) {
      const used = [...css.matchAll(/var\((--[\w-]+)\)/g)].map((m) => m[1]!);
      expect(used.length).toBeGreaterThan(0);
      for (const scheme of SCHEMES) {
        for (const name of used) expect(schemeVariables(scheme)).toHaveProperty([name]);
      }
    }
  });
});
