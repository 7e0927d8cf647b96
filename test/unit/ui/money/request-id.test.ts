/**
 * The request id of a money-moving submission (src/ui/dialogs/money/request-id.ts): kept while
 * the outcome is unknown, new after a definite answer or for other details, and, given a
 * `IdStore` (kept-submissions.ts), kept beyond the instance (a form closed and opened again).
 */
import { describe, expect, it } from 'vitest';
import { SubmissionIds, type IdStore, type KeptId } from '@src/ui/dialogs/money/request-id';
import { apiError } from '../test-utils';

const LOST = apiError(9000001, 'Request timeout, please re-try!');
const REFUSED = apiError(131001);

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

function memoryStore(): IdStore & { size: () => number } {
  const ids = new Map<string, KeptId>();
  return {
    get: (k) => ids.get(k),
    keep: (k, kept) => void ids.set(k, kept),
    drop: (k) => void ids.delete(k),
    size: () => ids.size,
  };
}

describe('SubmissionIds', () => {
  it('keeps the id while the outcome is unknown, and makes a new one once answered', () => {
    const ids = new SubmissionIds(counter());
    expect(ids.idFor('a')).toBe('id-1');
    ids.settle(LOST);
    expect(ids.isRetryOf('a')).toBe(true);
    expect(ids.idFor('a')).toBe('id-1');
    ids.settle(REFUSED);
    expect(ids.idFor('a')).toBe('id-2');
    ids.settle();
    expect(ids.idFor('b')).toBe('id-3');
  });

  it('with a store: an unknown outcome outlives the instance, per details, until answered', () => {
    const store = memoryStore();
    const make = counter();
    const first = new SubmissionIds(make, store);
    expect(first.idFor('a')).toBe('id-1');
    first.settle(LOST);
    expect(first.idFor('b')).toBe('id-2'); // other details: another submission
    first.settle(LOST);

    // A form opened again: both are still what they were.
    const again = new SubmissionIds(make, store);
    expect(again.isRetryOf('a')).toBe(true);
    expect(again.isRetryOf('c')).toBe(false);
    expect(again.idFor('a')).toBe('id-1');
    again.settle(); // answered: gone from the store
    expect(again.idFor('b')).toBe('id-2');
    again.settle(REFUSED); // answered too
    expect(store.size()).toBe(0);
    expect(new SubmissionIds(make, store).idFor('a')).toBe('id-3');
  });
});
