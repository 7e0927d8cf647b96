import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { clearFlash, flashElement, useFlash } from '../../../../src/ui/flash/use-flash';

const cmp = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? null : a - b);

function Value({ v, enabled = true }: { v: number; enabled?: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useFlash(ref, v, cmp, enabled);
  return (
    <span ref={ref} onAnimationEnd={clearFlash}>
      value
    </span>
  );
}

describe('useFlash', () => {
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
});
