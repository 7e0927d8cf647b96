import { Button, rem, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@src/ui/theme';
import { renderWithProviders } from './test-utils';

describe('theme', () => {
  it('sets base font size 14, radius 6 and the six breakpoints (in em of 16 px)', () => {
    expect(theme.fontSizes?.md).toBe(rem(14));
    expect(theme.fontSizes?.sm).toBe(rem(14));
    expect(theme.radius?.md).toBe('6px');
    expect(theme.defaultRadius).toBe('md');
    const px = Object.fromEntries(
      Object.entries(theme.breakpoints ?? {}).map(([k, v]) => [k, parseFloat(String(v)) * 16]),
    );
    expect(px).toEqual({ xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 });
  });

  it('gives default-size buttons and inputs a 32 px control height', async () => {
    await renderWithProviders(
      <>
        <Button>Default</Button>
        <Button size="lg">Large</Button>
        <TextInput label="Field" />
      </>,
    );
    const height = (el: HTMLElement | null) => el?.style.getPropertyValue('--button-height');
    expect(height(screen.getByRole('button', { name: 'Default' }))).toBe(rem(32));
    expect(height(screen.getByRole('button', { name: 'Large' }))).not.toBe(rem(32));
    const wrapper = screen.getByLabelText('Field').closest<HTMLElement>('[class*="Input-wrapper"]');
    expect(wrapper?.style.getPropertyValue('--input-height')).toBe(rem(32));
  });
});
