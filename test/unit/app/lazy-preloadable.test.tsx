import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloadable } from '@src/app/lazy-preloadable';

const Screen = () => <p>the screen</p>;

describe('lazyPreloadable', () => {
  it('renders a preloaded module at once, without suspending', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Part = lazyPreloadable(load);
    await Part.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not loaded yet, with one import for both', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Part = lazyPreloadable(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the screen')).toBeTruthy();
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import: preload never rejects, the next attempt asks again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Screen });
    const Part = lazyPreloadable(load);
    await expect(Part.preload()).resolves.toBeUndefined();
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<Part />);
    expect(screen.getByText('the screen')).toBeTruthy();
  });
});
