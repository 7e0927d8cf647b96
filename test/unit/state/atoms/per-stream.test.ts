/**
 * Derived atoms kept per store's stream atoms (`perStream`), and the wallets as one list
 * (`walletsAtom`), which the assets screens' totals are computed over.
 */
import { atom, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { perStream } from '@src/state/atoms';
import { applyItems, initialStreamState } from '@src/state/model';
import { wallet } from '../fixtures';

describe('perStream', () => {
  it('makes one value per bundle of stream atoms, and the same one at every call', () => {
    let made = 0;
    const of = perStream((atoms) => {
      made++;
      return atom((get) => get(atoms.walletCoinsAtom).length);
    });
    const a = createStreamAtoms();
    const b = createStreamAtoms();
    expect(of(a)).toBe(of(a));
    expect(of(b)).not.toBe(of(a));
    expect(made).toBe(2);
    expect(createStore().get(of(a))).toBe(5);
  });

  it('keeps a stateful atom’s state across calls (a view re-rendering gets the same one)', () => {
    const counter = perStream(() => {
      let reads = 0;
      return { next: () => ++reads };
    });
    const atoms = createStreamAtoms();
    counter(atoms).next();
    expect(counter(atoms).next()).toBe(2);
  });
});

describe('walletsAtom', () => {
  it('lists every wallet in the coins’ order and follows a store write', () => {
    const store = createStore();
    const atoms = createStreamAtoms();
    const first = store.get(atoms.walletsAtom);
    expect(first.map((w) => w.coin)).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH']);
    const next = applyItems(initialStreamState(), 'wallet', [
      wallet('SOL', 1),
      wallet('USDT', 2, { walletBalanceE8: '700000000' }),
    ]);
    store.set(atoms.commitAtom, { state: next });
    const after = store.get(atoms.walletsAtom);
    expect(after.map((w) => w.coin)).toEqual(['BTC', 'EOS', 'USDT', 'XRP', 'ETH', 'SOL']);
    expect(after.find((w) => w.coin === 'USDT')?.walletBalanceE8).toBe('700000000');
    expect(after).not.toBe(first);
  });
});
