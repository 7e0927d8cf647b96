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

  it("writes a disabled control's label in a shade that is 4.5:1 on its grey, in both schemes (L9)", async () => {
    await renderWithProviders(<Button disabled>Redeem</Button>);
    expect(screen.getByRole('button', { name: 'Redeem' })).toBeDisabled();
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    const scheme = (name: string) =>
      new RegExp(`\\[data-mantine-color-scheme=.?${name}.?\\][^{]*\\{([^}]*)\\}`).exec(css)?.[1] ??
      '';
    // gray 6 and dark 2 pushed to 4.5:1 (Mantine's gray 5 and dark 3 were 1.75:1 and 2.47:1)
    expect(scheme('light')).toMatch(/--mantine-color-disabled-color:\s*#60666c/);
    expect(scheme('dark')).toMatch(/--mantine-color-disabled-color:\s*#969696/);
  });
});
