import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFlash, FLASH_MIN_INTERVAL_MS, flashElement, useFlash } from '@src/ui/flash/use-flash';

const cmp = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? null : a - b);

function Value({ v, enabled = true, text }: { v: number; enabled?: boolean; text?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useFlash(ref, v, cmp, { enabled, text });
  return (
    <span ref={ref} onAnimationEnd={clearFlash}>
      value
    </span>
  );
}

/** Counts the flashes started on `el` (each sets the attribute anew). */
function countFlashes(el: HTMLElement): () => number {
  let n = 0;
  const set = el.setAttribute.bind(el);
  vi.spyOn(el, 'setAttribute').mockImplementation((name, value) => {
    if (name === 'data-flash') n++;
    set(name, value);
  });
  return () => n;
}

describe('useFlash', () => {
  let now = 1_000_000;
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => vi.restoreAllMocks());
  const later = (ms: number) => (now += ms);

  it('marks the direction of a change and clears the mark when the animation ends', () => {
    const view = render(<Value v={1} />);
    const el = screen.getByText('value');
    expect(el).not.toHaveAttribute('data-flash');
    view.rerender(<Value v={2} />);
    expect(el).toHaveAttribute('data-flash', 'up');
    view.rerender(<Value v={2} />);
    expect(el).toHaveAttribute('data-flash', 'up'); // no change, nothing new
    // jsdom runs no CSS animations; the handler is what animationend calls
    clearFlash({ currentTarget: el });
    expect(el).not.toHaveAttribute('data-flash');
    later(FLASH_MIN_INTERVAL_MS);
    view.rerender(<Value v={0} />);
    expect(el).toHaveAttribute('data-flash', 'down');
  });

  it('ignores values it cannot compare, and does nothing when disabled', () => {
    const view = render(<Value v={1} />);
    const el = screen.getByText('value');
    view.rerender(<Value v={Number.NaN} />);
    expect(el).not.toHaveAttribute('data-flash');
    view.rerender(<Value v={5} enabled={false} />);
    expect(el).not.toHaveAttribute('data-flash');
  });

  it('restarts a running flash', () => {
    const el = document.createElement('span');
    flashElement(el, 'up');
    flashElement(el, 'down');
    expect(el.getAttribute('data-flash')).toBe('down');
  });

  it('never reads layout (one forced layout per flashed value was the cost of a busy table)', () => {
    const el = document.createElement('span');
    const reads = vi.fn(() => 0);
    for (const prop of ['offsetWidth', 'offsetHeight', 'clientWidth', 'getBoundingClientRect'])
      Object.defineProperty(el, prop, { get: () => (reads(), () => ({})), configurable: true });
    flashElement(el, 'up');
    flashElement(el, 'down');
    flashElement(el, 'down');
    expect(reads).not.toHaveBeenCalled();
    expect(el.getAttribute('data-flash')).toBe('down');
  });

  it('asks matchMedia once, not once per flash', () => {
    const matchMedia = vi.fn(() => ({ matches: false }) as unknown as MediaQueryList);
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const view = render(<Value v={1} />);
      for (let i = 2; i < 6; i++) {
        later(FLASH_MIN_INTERVAL_MS);
        view.rerender(<Value v={i} />);
      }
      expect(matchMedia).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('flashes at most once a second however fast the value ticks, and never restarts a flash', () => {
    const view = render(<Value v={100} />);
    const el = screen.getByText('value');
    const flashes = countFlashes(el);
    // ten ticks 100 ms apart: one flash, at the first
    for (let i = 1; i <= 10; i++) {
      later(100);
      view.rerender(<Value v={100 + (i % 2 ? i : -i)} />);
    }
    expect(flashes()).toBe(1);
    expect(el).toHaveAttribute('data-flash', 'up');
    clearFlash({ currentTarget: el }); // the 900 ms animation ended: no tint is left
    expect(el).not.toHaveAttribute('data-flash');
    later(FLASH_MIN_INTERVAL_MS);
    view.rerender(<Value v={50} />);
    expect(flashes()).toBe(2);
    expect(el).toHaveAttribute('data-flash', 'down');
  });

  it('does not flash a change the text on screen does not show', () => {
    const view = render(<Value v={1.00001} text="1.0000" />);
    const el = screen.getByText('value');
    view.rerender(<Value v={1.00002} text="1.0000" />);
    expect(el).not.toHaveAttribute('data-flash');
    view.rerender(<Value v={1.0001} text="1.0001" />);
    expect(el).toHaveAttribute('data-flash', 'up');
  });
});
