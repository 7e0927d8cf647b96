/**
 * The store of unknown outcomes (src/ui/dialogs/money/kept-submissions.ts): bounded, per kind,
 * per session.
 */
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { userAtom } from '@src/state/client';
import { useKeptSubmissions } from '@src/ui/dialogs/money/kept-submissions';

function render(store: ReturnType<typeof createStore>, kind: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useKeptSubmissions(kind), { wrapper }).result;
}

describe('kept submissions', () => {
  it('keeps the 20 latest, drops the oldest first', () => {
    const store = createStore();
    const kept = render(store, 'transfer');
    act(() => {
      for (let i = 0; i < 21; i++) {
        kept.current.keep(`body-${i}`, { requestId: `id-${i}`, firstSentAt: Date.now() });
      }
    });
    expect(kept.current.get('body-0')).toBeUndefined();
    expect(kept.current.get('body-1')?.requestId).toBe('id-1');
    expect(kept.current.get('body-20')?.requestId).toBe('id-20');
  });

  it('keeps transfers and withdrawals apart, ids and claimed records alike', () => {
    const store = createStore();
    const transfers = render(store, 'transfer');
    const withdrawals = render(store, 'withdraw');
    act(() => {
      transfers.current.keep('x', { requestId: 'id-t', firstSentAt: Date.now() });
      transfers.current.claim('R-1');
    });
    expect(withdrawals.current.get('x')).toBeUndefined();
    expect(withdrawals.current.isClaimed('R-1')).toBe(false);
    expect(transfers.current.isClaimed('R-1')).toBe(true);
  });

  it('reads and writes nothing for another session than the one it was made in', () => {
    const store = createStore();
    store.set(userAtom, { userId: 1001 });
    const kept = render(store, 'transfer');
    act(() => kept.current.keep('x', { requestId: 'id-1', firstSentAt: Date.now() }));
    act(() => store.set(userAtom, { userId: 1001 })); // signed in again: a new session
    expect(kept.current.get('x')).toBeUndefined();
    act(() => kept.current.keep('y', { requestId: 'id-2', firstSentAt: Date.now() }));
    const next = render(store, 'transfer');
    expect(next.current.get('x')).toBeUndefined();
    expect(next.current.get('y')).toBeUndefined();
  });
});
