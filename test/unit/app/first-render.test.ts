import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { privateSnapshotsSettled } from '@src/app/first-render';
import { createStreamAtoms, type TopicStatus } from '@src/state/atoms/stream';
import type { PrivateTopic } from '@src/wire/protocol';

const pending: TopicStatus = { status: 'pending', hasData: false };
const ready: TopicStatus = { status: 'ready', hasData: true };
const failed: TopicStatus = { status: 'error', error: 'HTTP 500', hasData: false };

function setup() {
  const store = createStore();
  const atoms = createStreamAtoms();
  const write = (statuses: Partial<Record<PrivateTopic, TopicStatus>>) =>
    store.set(atoms.commitAtom, { state: atoms.committed(), statuses });
  const settled = vi.fn();
  return { store, atoms, write, settled };
}

describe('privateSnapshotsSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the subscribed topics to be seeded, a failed one counting as settled', async () => {
    const { store, atoms, write, settled } = setup();
    void privateSnapshotsSettled(store, atoms, 1_000).then(settled);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).not.toHaveBeenCalled();
    write({ wallet: pending, 'copytrade.position': pending, 'copytrade.order': pending });
    write({ wallet: ready, 'copytrade.position': ready });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).not.toHaveBeenCalled();
    write({ 'copytrade.order': failed });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('resolves at once when nothing is pending any more', async () => {
    const { store, atoms, write, settled } = setup();
    write({ wallet: ready });
    void privateSnapshotsSettled(store, atoms, 1_000).then(settled);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('gives up after its bound: a slow or broken stream does not hold the page', async () => {
    const { store, atoms, write, settled } = setup();
    write({ wallet: pending });
    void privateSnapshotsSettled(store, atoms, 1_000).then(settled);
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledTimes(1);
  });
});
