import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readThemeMarker,
  rootMarkerColorSchemeManager,
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
} from '@src/ui/color-scheme';
import { ThemeToggle } from '@src/ui/ThemeToggle';
import { renderWithProviders } from './test-utils';

const root = document.documentElement;

afterEach(() => {
  root.removeAttribute(THEME_ATTRIBUTE);
  root.removeAttribute('data-mantine-color-scheme');
  localStorage.clear();
});

describe('root-marker colour-scheme manager', () => {
  it('reads the marker first, then the stored choice, then the default', () => {
    const m = rootMarkerColorSchemeManager();
    expect(m.get('light')).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(m.get('light')).toBe('dark');
    root.setAttribute(THEME_ATTRIBUTE, 'light');
    expect(m.get('dark')).toBe('light');
    root.setAttribute(THEME_ATTRIBUTE, 'bogus');
    expect(readThemeMarker()).toBeUndefined();
  });

  it('writes the marker and persists the choice', () => {
    const m = rootMarkerColorSchemeManager();
    m.set('dark');
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    m.clear();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('reports marker changes made by others, once, and not its own writes', async () => {
    const m = rootMarkerColorSchemeManager();
    const onUpdate = vi.fn();
    m.get('light');
    m.subscribe(onUpdate);
    m.set('dark'); // own write: no echo
    await Promise.resolve();
    root.setAttribute(THEME_ATTRIBUTE, 'light');
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith('light'));
    root.setAttribute(THEME_ATTRIBUTE, 'light');
    await Promise.resolve();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    m.unsubscribe();
    root.setAttribute(THEME_ATTRIBUTE, 'dark');
    await Promise.resolve();
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('survives disabled storage', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const m = rootMarkerColorSchemeManager();
    expect(() => m.set('dark')).not.toThrow();
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('dark');
    spy.mockRestore();
  });
});

describe('dark mode in the app', () => {
  it('follows a dark marker set on the document root', async () => {
    await renderWithProviders(<ThemeToggle />);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    act(() => root.setAttribute(THEME_ATTRIBUTE, 'dark'));
    await waitFor(() => expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark'));
    // The root attribute and the button's re-render are two steps: wait for the button too.
    expect(
      await screen.findByRole('button', { name: 'Dark mode', pressed: true }),
    ).toBeInTheDocument();
  });

  it('toggles from the header control and persists the choice', async () => {
    await renderWithProviders(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('dark');
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(root.getAttribute(THEME_ATTRIBUTE)).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
