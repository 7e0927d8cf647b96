/**
 * The design tokens and the Mantine theme built from them. Tokens are plain numbers so tests and
 * non-Mantine code (the spinner, CSS modules via variables) read the same values.
 */
import { Button, createTheme, Input, rem, type MantineColorsTuple } from '@mantine/core';
import { COMPONENT_LABEL_DEFAULTS } from './component-labels';

export const THEME_TOKENS = {
  primaryColor: '#1677ff',
  fontSize: 14,
  controlHeight: 32,
  borderRadius: 6,
  /** Min-widths in px; Mantine wants em, converted below (1em = 16px). */
  breakpoints: { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 },
} as const;

/**
 * Ten shades around the primary colour (index 5 is #1677ff); the classic "daybreak blue" scale,
 * so hover/active shades match what traders know from exchange UIs.
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

const px = (n: number) => `${n}px`;
const em = (n: number) => `${n / 16}em`;

/** Components whose size prop is unset or 'sm' (Mantine's default) get the 32 px control height. */
const isDefaultSize = (size: unknown) => size === undefined || size === 'sm';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 5, dark: 5 },
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
  cursorType: 'pointer',
  components: {
    Button: Button.extend({
      vars: (_theme, props) => ({
        root: {
          '--button-height': isDefaultSize(props.size)
            ? rem(THEME_TOKENS.controlHeight)
            : undefined,
        },
      }),
    }),
    Input: Input.extend({
      vars: (_theme, props) => ({
        wrapper: {
          '--input-height': isDefaultSize(props.size) ? rem(THEME_TOKENS.controlHeight) : undefined,
        },
      }),
    }),
    ...COMPONENT_LABEL_DEFAULTS,
  },
});
