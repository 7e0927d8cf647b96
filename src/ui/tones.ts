/**
 * The one place that decides the colour of every tone and state, for both colour schemes
 * (issue 18, WCAG 2.2 AA). Mantine's palettes stay as they are (the brand palette keeps the spec's
 * primary #1677ff at index 5); what is chosen here is which shade of each palette is used for
 * text, for filled controls and for tinted backgrounds, so that:
 *
 * - text of a colour (links, PnL up/down, warnings, badges, alert titles, menu items) reaches
 *   4.5:1 against every surface it is drawn on (the page, rows on hover, group rows, menus) and
 *   against its own tinted background (light badges, alerts, value flashes);
 * - white text on a filled control (primary button, chat launcher, red "Stop") reaches 4.5:1;
 * - muted text reaches 4.5:1 on every surface.
 *
 * The shade is the palette's own wherever one reaches the ratio (the lightest such shade in light
 * mode, the darkest in dark mode, so colours stay as vivid as allowed); a palette that has none
 * (yellow text in light mode) is darkened step by step until it does. The choices are computed
 * once, here, from the contrast formula; test/unit/ui/contrast.test.ts recomputes every pair with
 * its own copy of the formula, flash keyframes included, and fails below the ratio.
 *
 * `cssVariablesResolver` hands the result to Mantine as CSS variables of both schemes: Mantine's
 * own (`--mantine-color-teal-text`, `-filled`, `-light`, `-light-color`, `--mantine-color-dimmed`,
 * `--mantine-color-anchor`, ...), which every Mantine component and every CSS module reads, plus
 * the app's semantic ones (`--ad-tone-up-text`, `--ad-tone-down-bg`, `--ad-focus`, ...).
 */
import { DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** WCAG 2.2 minimum contrast ratio of normal text (1.4.3). */
const MIN_TEXT_RATIO = 4.5;

/**
 * Ten shades around the primary colour (index 5 is the spec's #1677ff, the theme's primary); the
 * classic "daybreak blue" scale, so hover/active shades match what traders know from exchange UIs.
 */
export const BRAND_SHADES: MantineColorsTuple = [
  '#e6f4ff',
  '#bae0ff',
  '#91caff',
  '#69b1ff',
  '#4096ff',
  '#1677ff',
  '#0958d9',
  '#003eb3',
  '#002c8c',
  '#001d66',
];

/** Every palette of the theme: Mantine's defaults and the brand. */
const PALETTES: Readonly<Record<string, readonly string[]>> = {
  ...DEFAULT_THEME.colors,
  brand: BRAND_SHADES,
};

const WHITE = '#ffffff';
const BLACK = '#000000';
const DARK = DEFAULT_THEME.colors.dark;
const GRAY = DEFAULT_THEME.colors.gray;

/**
 * What text and marks are drawn on, per scheme: the page (`--mantine-color-body`), controls and
 * menus (`--mantine-color-default`, the dropdowns), hovered rows and the group rows
 * (`--mantine-color-default-hover`), hovered menu items.
 */
export const SURFACES: Readonly<Record<Scheme, Readonly<Record<string, string>>>> = {
  light: { body: WHITE, 'default-hover': GRAY[0], 'menu-hover': GRAY[1] },
  dark: { body: DARK[7], default: DARK[6], 'default-hover': DARK[5], 'menu-hover': DARK[4] },
};

// --- colour arithmetic (sRGB hex) ---

function rgbOf(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const hexOf = (rgb: readonly number[]) =>
  '#' +
  rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/**
 * WCAG relative luminance, remembered per colour: the tables below ask for it about 1 000 times
 * (161 distinct colours) while the entry module is evaluated, on the first paint's critical path
 * (the tables took 130 ms at 4x CPU throttling before, issue 13's app-ready profile).
 */
const luminances = new Map<string, number>();
function luminance(hex: string): number {
  const known = luminances.get(hex);
  if (known !== undefined) return known;
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  luminances.set(hex, l);
  return l;
}

/** WCAG contrast ratio of two opaque colours (1..21). */
function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Linear mix in sRGB: `t` = 0 gives `a`, 1 gives `b` (what a CSS colour transition draws). */
function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  return hexOf(x.map((c, i) => c + ((y[i] as number) - c) * t));
}

/** Mantine's darken(): every channel times (1 − amount). */
const darken = (hex: string, amount: number) => hexOf(rgbOf(hex).map((c) => c * (1 - amount)));
/** Towards white by `amount`. */
const lighten = (hex: string, amount: number) => mix(hex, WHITE, amount);

const passes = (fg: string, bgs: readonly string[], min = MIN_TEXT_RATIO) =>
  bgs.every((bg) => contrastRatio(fg, bg) >= min);

/**
 * The first candidate shade that passes against every background; else the last one pushed
 * further (darker in light mode, lighter in dark mode) in 4 % steps until it passes.
 */
function pick(
  palette: readonly string[],
  order: readonly number[],
  bgs: readonly string[],
  push: (hex: string, amount: number) => string,
): string {
  for (const i of order) {
    const c = palette[i] as string;
    if (passes(c, bgs)) return c;
  }
  const last = palette[order[order.length - 1] as number] as string;
  for (let k = 1; k <= 25; k++) {
    const c = push(last, k * 0.04);
    if (passes(c, bgs)) return c;
  }
  throw new Error(`no shade of ${palette.join(',')} reaches ${MIN_TEXT_RATIO}:1`);
}

/** The colours of one palette in one scheme (Mantine's variable names without the prefix). */
interface PaletteTones {
  /** Text of the colour on the page (`c="teal"`, links, Menu.Item color, PnL). */
  text: string;
  /** Background of a filled control; white text on it. */
  filled: string;
  'filled-hover': string;
  /** Tinted background (light badges, alerts, light buttons, value flashes). */
  light: string;
  'light-hover': string;
  /** Text on the tinted background, also when hovered (light buttons). */
  'light-color': string;
  /** Outline variant's border and text. */
  outline: string;
}

function paletteTones(palette: readonly string[], scheme: Scheme): PaletteTones {
  const surfaces = Object.values(SURFACES[scheme]);
  // White text on the fill, in both schemes: the lightest shade from 6 on that carries it.
  const filledAt = [6, 7, 8, 9].find((i) => passes(WHITE, [palette[i] as string]));
  const filled = filledAt === undefined ? pick(palette, [9], [WHITE], darken) : palette[filledAt]!;
  const filledHover =
    filledAt !== undefined && filledAt < 9 ? palette[filledAt + 1]! : darken(filled, 0.1);
  if (scheme === 'light') {
    const light = palette[0] as string;
    const lightHover = palette[1] as string;
    const text = pick(palette, [6, 7, 8, 9], [...surfaces, light], darken);
    return {
      text,
      filled,
      'filled-hover': filledHover,
      light,
      'light-hover': lightHover,
      'light-color': pick(palette, [6, 7, 8, 9], [light, lightHover], darken),
      outline: text,
    };
  }
  // Mantine darkens shade 9 by half; a little more keeps muted text at 4.5:1 on the yellow tint.
  const light = darken(palette[9] as string, 0.6);
  const lightHover = darken(palette[9] as string, 0.4);
  const text = pick(palette, [4, 3, 2, 1, 0], [...surfaces, light], lighten);
  return {
    text,
    filled,
    'filled-hover': filledHover,
    light,
    'light-hover': lightHover,
    'light-color': pick(palette, [4, 3, 2, 1, 0], [light, lightHover], lighten),
    outline: text,
  };
}

/** The page's base colours per scheme. */
interface BaseTones {
  text: string;
  body: string;
  /** Muted text (`c="dimmed"`, table headers, hints, footer). */
  dimmed: string;
  /** Links, the active navigation item, the focus ring. */
  anchor: string;
  /** A disabled control's background (Mantine's own: gray 2 in light, dark 6 in dark). */
  disabled: string;
  /**
   * A disabled control's label, 4.5:1 on `disabled` (accessibility review L9: Mantine's gray 5
   * and dark 3 were 1.75:1 and 2.47:1). WCAG exempts inactive controls, but their label still
   * says what the control would do; the grey background and the not-allowed cursor say that it
   * is disabled, and a disabled control that needs a reason has it beside it in words. Mantine's
   * own grey pushed just far enough (#60666c, 4.9:1; #969696, 4.6:1), so it still looks muted.
   */
  disabledText: string;
}

/** Semantic tones of the dashboard and the palette each one takes its colours from. */
export const TONES = {
  /** A rising value, a positive PnL, long, buy, connected. */
  up: 'teal',
  /** A falling value, a negative PnL, short, sell, disconnected, errors. */
  down: 'red',
  /** Stale, unstable, "prices are not live". */
  warning: 'yellow',
  /** Neutral information, links. */
  info: 'brand',
} as const;

export interface SchemeTones {
  base: BaseTones;
  palettes: Readonly<Record<string, PaletteTones>>;
}

function schemeTones(scheme: Scheme): SchemeTones {
  const surfaces = Object.values(SURFACES[scheme]);
  const palettes = Object.fromEntries(
    Object.entries(PALETTES).map(([name, p]) => [name, paletteTones(p, scheme)]),
  );
  const base: BaseTones =
    scheme === 'light'
      ? {
          text: BLACK,
          body: WHITE,
          dimmed: pick(GRAY, [6, 7, 8, 9], surfaces, darken),
          anchor: palettes.brand!.text,
          disabled: GRAY[2]!,
          disabledText: pick(GRAY, [6], [GRAY[2]!], darken),
        }
      : {
          text: DARK[0],
          body: DARK[7],
          dimmed: pick(DARK, [2, 1, 0], surfaces, lighten),
          anchor: palettes.brand!.text,
          disabled: DARK[6]!,
          disabledText: pick(DARK, [2], [DARK[6]!], lighten),
        };
  return { base, palettes };
}

/** Every colour, per scheme: the table the CSS variables and the contrast test are made from. */
export const SCHEME_TONES: Readonly<Record<Scheme, SchemeTones>> = {
  light: schemeTones('light'),
  dark: schemeTones('dark'),
};

/** The brand shade filled controls use (white text at 4.5:1): the theme's `primaryShade`. */
export const PRIMARY_FILLED_SHADE = BRAND_SHADES.indexOf(SCHEME_TONES.light.palettes.brand!.filled);

/** The CSS variables of one scheme. */
export function schemeVariables(scheme: Scheme): Record<string, string> {
  const { base, palettes } = SCHEME_TONES[scheme];
  const vars: Record<string, string> = {
    '--mantine-color-dimmed': base.dimmed,
    '--mantine-color-anchor': base.anchor,
    '--mantine-color-placeholder': base.dimmed,
    '--mantine-color-error': palettes.red!.text,
    '--mantine-color-success': palettes.teal!.text,
    '--mantine-primary-color-contrast': WHITE,
    '--ad-focus': base.anchor,
    '--mantine-color-disabled': base.disabled,
    '--mantine-color-disabled-color': base.disabledText,
  };
  for (const [name, tones] of Object.entries(palettes)) {
    for (const [k, v] of Object.entries(tones)) vars[`--mantine-color-${name}-${k}`] = v;
  }
  for (const [tone, palette] of Object.entries(TONES)) {
    const p = palettes[palette]!;
    vars[`--ad-tone-${tone}-text`] = p.text;
    vars[`--ad-tone-${tone}-bg`] = p.light;
    vars[`--ad-tone-${tone}-mark`] = p.text;
  }
  return vars;
}

/** Hand to `<MantineProvider cssVariablesResolver>`: merged over Mantine's defaults. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: schemeVariables('light'),
  dark: schemeVariables('dark'),
});
