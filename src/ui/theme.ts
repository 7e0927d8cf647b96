/**
 * The design tokens and the Mantine theme built from them. Tokens are plain numbers so tests and
 * non-Mantine code (the spinner, CSS modules via variables) read the same values.
 */
import { createTheme, rem, type MantineColorShade } from '@mantine/core';
import { COMPONENT_LABEL_DEFAULTS } from './component-labels';
import focusClasses from './focus.module.css';
import { MENU_TARGET_DEFAULTS } from './menu-target';
import { BRAND_SHADES, PRIMARY_FILLED_SHADE } from './tones';

export { cssVariablesResolver } from './tones';

export const THEME_TOKENS = {
  primaryColor: '#1677ff',
  fontSize: 14,
  controlHeight: 32,
  borderRadius: 6,
  /** Min-widths in px; Mantine wants em, converted below (1em = 16px). */
  breakpoints: { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 },
} as const;

/** The brand palette (index 5 is #1677ff) lives with the other tone choices in ./tones. */
const px = (n: number) => `${n}px`;
const em = (n: number) => `${n / 16}em`;

/** Components whose size prop is unset or 'sm' (Mantine's default) get the 32 px control height. */
const isDefaultSize = (size: unknown) => size === undefined || size === 'sm';

export const theme = createTheme({
  // The spec's #1677ff (brand 5) is the primary; filled controls use the brand shade that carries
  // white text at 4.5:1 (brand 6, #0958d9): src/ui/tones.ts, README "Colour and contrast".
  primaryColor: 'brand',
  primaryShade: {
    light: PRIMARY_FILLED_SHADE as MantineColorShade,
    dark: PRIMARY_FILLED_SHADE as MantineColorShade,
  },
  colors: { brand: BRAND_SHADES },
  fontSizes: {
    xs: rem(12),
    sm: rem(THEME_TOKENS.fontSize),
    md: rem(THEME_TOKENS.fontSize),
    lg: rem(16),
    xl: rem(20),
  },
  radius: {
    xs: px(2),
    sm: px(4),
    md: px(THEME_TOKENS.borderRadius),
    lg: px(8),
    xl: px(12),
  },
  defaultRadius: 'md',
  breakpoints: {
    xs: em(THEME_TOKENS.breakpoints.xs),
    sm: em(THEME_TOKENS.breakpoints.sm),
    md: em(THEME_TOKENS.breakpoints.md),
    lg: em(THEME_TOKENS.breakpoints.lg),
    xl: em(THEME_TOKENS.breakpoints.xl),
    xxl: em(THEME_TOKENS.breakpoints.xxl),
  },
  focusRing: 'auto',
  // The keyboard focus ring in the anchor colour, 3:1 or more on every surface of both schemes.
  focusClassName: focusClasses.focus,
  cursorType: 'pointer',
  // Keyed by name with plain objects, not Button.extend(...) and the like: importing the
  // components here would put them (the menu's floating-ui with it) in the entry chunk, which
  // the first screen then waits to evaluate (app-ready, issue 13).
  components: {
    Button: {
      vars: (_theme: unknown, props: { size?: unknown }) => ({
        root: {
          '--button-height': isDefaultSize(props.size)
            ? rem(THEME_TOKENS.controlHeight)
            : undefined,
        },
      }),
    },
    // A focused field's border in the focus colour (3:1 or more in both schemes), 2 px wide.
    Input: {
      classNames: { input: focusClasses.input },
      vars: (_theme: unknown, props: { size?: unknown; variant?: unknown }) => ({
        wrapper: {
          '--input-height': isDefaultSize(props.size) ? rem(THEME_TOKENS.controlHeight) : undefined,
          '--input-bd-focus': props.variant === 'unstyled' ? undefined : 'var(--ad-focus)',
        },
      }),
    },
    // A modal's title bar as a <div>, not Mantine's <header>: axe counts that <header> as a
    // second banner landmark while any dialog is open (landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    Switch: {
      classNames: { input: focusClasses.switchInput, track: focusClasses.switchTrack },
    },
    // A menu opens with focus on an item (the one marked data-autofocus: the current language,
    // else the first), not on an unnamed placeholder; arrows move, letters jump (type-ahead).
    Menu: {
      defaultProps: { withInitialFocusPlaceholder: false },
      classNames: { item: focusClasses.menuItem },
    },
    // ArrowDown on a menu's button opens it too (menu-target.ts).
    ...MENU_TARGET_DEFAULTS,
    ...COMPONENT_LABEL_DEFAULTS,
  },
});
