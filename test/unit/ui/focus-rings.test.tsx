/**
 * Keyboard focus indicators at 3:1 or more in both schemes (review M5): the app's own rings and
 * Mantine's field borders and switch tracks use the focus colour `--ad-focus` (its contrast on
 * every surface is checked in contrast.test.ts), not the primary colour (2.2-2.5:1 in dark).
 */
import { Switch, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import focusClasses from '@src/ui/focus.module.css';
import { renderWithProviders } from './test-utils';

// The project root (vitest runs from it).
const ROOT = `${process.cwd()}/`;
const css = (path: string) => readFileSync(ROOT + path, 'utf8');

/** The outline colours of the :focus-visible rules of a stylesheet. */
function focusOutlines(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/([^{}]*:focus-visible[^{}]*)\{([^}]*)\}/g)) {
    for (const d of m[2]!.matchAll(/outline(?:-color)?\s*:\s*([^;]+);/g)) out.push(d[1]!.trim());
  }
  return out;
}

describe('focus rings', () => {
  it.each([
    'src/features/connection/connection.module.css',
    'src/features/assets/wallets.module.css',
    'src/ui/focus.module.css',
  ])('%s draws its rings in --ad-focus', (path) => {
    const outlines = focusOutlines(css(path));
    expect(outlines.length).toBeGreaterThan(0);
    for (const o of outlines) expect(o).toMatch(/var\(--ad-focus\)/);
  });

  it('gives fields a focus border in --ad-focus, 2 px, and switches a --ad-focus ring', async () => {
    await renderWithProviders(
      <>
        <TextInput label="Field" />
        <Switch label="Hide small balances" />
      </>,
    );
    const field = screen.getByLabelText('Field');
    const wrapper = field.closest<HTMLElement>('[class*="Input-wrapper"]');
    expect(wrapper?.style.getPropertyValue('--input-bd-focus')).toBe('var(--ad-focus)');
    expect(field).toHaveClass(focusClasses.input!);
    expect(css('src/ui/focus.module.css')).toMatch(
      /\.input:focus,\s*\.input:focus-within\s*\{\s*box-shadow: inset 0 0 0 1px var\(--input-bd\);/,
    );
    const toggle = screen.getByRole('switch', { name: 'Hide small balances' });
    expect(toggle).toHaveClass(focusClasses.switchInput!);
    expect(document.querySelector(`.${focusClasses.switchTrack}`)).not.toBeNull();
  });
});
