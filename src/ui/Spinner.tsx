import { Box, Loader, useComputedColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SPINNER_SIZES = { small: 48, default: 64, large: 96 } as const;
type SpinnerSize = keyof typeof SPINNER_SIZES | number;

/** Pixel size of a spinner size name, or the number itself. */
function spinnerPixels(size: SpinnerSize = 'default'): number {
  return typeof size === 'number' ? size : SPINNER_SIZES[size];
}

export interface SpinnerProps {
  /** false shows the children (or nothing) without the spinner. */
  spinning?: boolean;
  /** Drawn for a light or a dark background; follows the colour scheme when unset. */
  theme?: 'light' | 'dark';
  size?: SpinnerSize;
  /** Accessible name of the busy status; "Loading" by default. */
  label?: string;
  /** Content to cover while spinning (kept mounted, marked busy). */
  children?: ReactNode;
}

/** The loading spinner: alone, or over content it marks busy. */
export function Spinner({ spinning = true, theme, size, label, children }: SpinnerProps) {
  const { t } = useTranslation('user-assets');
  const scheme = useComputedColorScheme('light');
  const tone = theme ?? scheme;
  const px = spinnerPixels(size);
  const indicator = spinning ? (
    <Box
      role="status"
      aria-label={label ?? t('common.loading')}
      data-size={px}
      data-theme-tone={tone}
      style={{ display: 'grid', placeItems: 'center', minBlockSize: px }}
    >
      <Loader size={px} color={tone === 'dark' ? 'gray.0' : 'brand'} />
    </Box>
  ) : null;

  if (children === undefined) return indicator;
  return (
    <Box pos="relative" aria-busy={spinning || undefined}>
      {children}
      {indicator && (
        <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center' }}>
          {indicator}
        </Box>
      )}
    </Box>
  );
}
