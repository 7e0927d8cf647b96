import { render, screen } from '@testing-library/react';
import { atom, createStore, Provider, useAtomValue } from 'jotai';
import { describe, expect, it } from 'vitest';
import { renderInFrame } from '@src/app/render-in-frame';
import type { Scheduler } from '@src/pipeline/schedulers';

const priceAtom = atom('64000.0');

function Price() {
  return <output aria-label="Mark price">{useAtomValue(priceAtom)}</output>;
}

/** A scheduler whose "frame" runs when the test says. */
function manualFrames(): { schedule: Scheduler; frame: () => void } {
  let pending: (() => void) | null = null;
  return {
    schedule: (run) => {
      pending = run;
      return () => {
        pending = null;
      };
    },
    frame: () => {
      const run = pending;
      pending = null;
      run?.();
    },
  };
}

/** A store with the price on screen, and the price as the page shows it. */
function renderPrice() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Price />
    </Provider>,
  );
  return { store, shown: () => screen.getByRole('status', { name: 'Mark price' }) };
}

describe('renderInFrame', () => {
  it('commits a store write to the DOM within the frame callback that makes it', () => {
    const { store, shown } = renderPrice();
    const frames = manualFrames();
    const schedule = renderInFrame(frames.schedule);
    schedule(() => store.set(priceAtom, '64001.5'));
    expect(shown()).toHaveTextContent('64000.0');
    // No act(), no awaiting: the value is on the page when the frame's callback returns, so the
    // browser paints it in that frame.
    frames.frame();
    expect(shown()).toHaveTextContent('64001.5');
  });

  it('passes cancellation through: a cancelled write never runs', () => {
    const { store, shown } = renderPrice();
    const frames = manualFrames();
    const cancel = renderInFrame(frames.schedule)(() => store.set(priceAtom, '1'));
    cancel();
    frames.frame();
    expect(shown()).toHaveTextContent('64000.0');
  });
});
