import { rem } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '@src/ui/Spinner';
import { renderWithProviders } from './test-utils';

describe('Spinner', () => {
  it.each([
    [undefined, 64],
    ['small', 48],
    ['large', 96],
    [120, 120],
  ] as const)('renders size %s at %i px as a named status', async (size, px) => {
    await renderWithProviders(<Spinner size={size} />);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status).toHaveAttribute('data-size', String(px));
    expect(status.querySelector('.mantine-Loader-root')).toHaveStyle({ '--loader-size': rem(px) });
  });

  it('draws for a dark or a light background, following the scheme when not told', async () => {
    const { unmount } = await renderWithProviders(<Spinner theme="dark" label="Dark" />);
    expect(screen.getByRole('status', { name: 'Dark' })).toHaveAttribute('data-theme-tone', 'dark');
    unmount();
    await renderWithProviders(<Spinner label="Auto" />);
    expect(screen.getByRole('status', { name: 'Auto' })).toHaveAttribute(
      'data-theme-tone',
      'light',
    );
  });

  it('shows nothing when not spinning', async () => {
    await renderWithProviders(<Spinner spinning={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps covered content mounted: busy while spinning, plain when not', async () => {
    const { unmount } = await renderWithProviders(
      <Spinner spinning>
        <p>Positions</p>
      </Spinner>,
    );
    expect(screen.getByText('Positions').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    unmount();

    await renderWithProviders(
      <Spinner spinning={false}>
        <p>Orders</p>
      </Spinner>,
    );
    expect(screen.getByText('Orders').parentElement).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
