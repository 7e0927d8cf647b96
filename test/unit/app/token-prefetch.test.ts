import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { PREFETCH_MAX_AGE_MS, prefetchTokens } from '@src/app/token-prefetch';
import { SIGNED_OUT, userAtom } from '@src/state/client';

/** A token endpoint that answers t1, t2, ... in the order asked. */
function tokenEndpoint() {
  let n = 0;
  return vi.fn(() => Promise.resolve({ token: `t${++n}` }));
}

describe('prefetchTokens', () => {
  it('asks for one token at sign-in and hands it to the first taker only', async () => {
    const store = createStore();
    const fetchToken = tokenEndpoint();
    const tokens = prefetchTokens(store, fetchToken, () => 0);
    expect(fetchToken).not.toHaveBeenCalled();
    store.set(userAtom, { userId: 1001 });
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await expect(tokens.take()).resolves.toEqual({ token: 't1' });
    // A reconnect or a retry: a fresh token, never the used one.
    await expect(tokens.take()).resolves.toEqual({ token: 't2' });
    expect(fetchToken).toHaveBeenCalledTimes(2);
    tokens.stop();
  });

  it('keeps one session per user id, as the live streams do', () => {
    const store = createStore();
    const fetchToken = tokenEndpoint();
    const tokens = prefetchTokens(store, fetchToken, () => 0);
    store.set(userAtom, { userId: 1001 });
    store.set(userAtom, { userId: 1001, profile: undefined });
    expect(fetchToken).toHaveBeenCalledTimes(1);
    tokens.stop();
  });

  it("never hands a token to another user's session or after sign-out", async () => {
    const store = createStore();
    const fetchToken = tokenEndpoint();
    const tokens = prefetchTokens(store, fetchToken, () => 0);
    store.set(userAtom, { userId: 1001 });
    store.set(userAtom, SIGNED_OUT);
    await expect(tokens.take()).resolves.toEqual({ token: 't2' });
    store.set(userAtom, { userId: 2001 });
    // t3 was asked for 2001's session: it is the one handed out now.
    await expect(tokens.take()).resolves.toEqual({ token: 't3' });
    tokens.stop();
  });

  it('fetches afresh when the prefetched token is too old', async () => {
    const store = createStore();
    const fetchToken = tokenEndpoint();
    let now = 0;
    const tokens = prefetchTokens(store, fetchToken, () => now);
    store.set(userAtom, { userId: 1001 });
    now = PREFETCH_MAX_AGE_MS + 1;
    await expect(tokens.take()).resolves.toEqual({ token: 't2' });
    tokens.stop();
  });

  it('asks again when the prefetch failed, and a failure nobody took is not unhandled', async () => {
    const store = createStore();
    const fetchToken = vi
      .fn<() => Promise<{ token: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ token: 'fresh' });
    const tokens = prefetchTokens(store, fetchToken, () => 0);
    store.set(userAtom, { userId: 1001 });
    await expect(tokens.take()).resolves.toEqual({ token: 'fresh' });
    expect(fetchToken).toHaveBeenCalledTimes(2);
    // Signed in again, the prefetch failing with nobody taking it: no unhandled rejection.
    fetchToken.mockRejectedValueOnce(new Error('offline'));
    store.set(userAtom, SIGNED_OUT);
    store.set(userAtom, { userId: 1001 });
    store.set(userAtom, SIGNED_OUT);
    await Promise.resolve();
    tokens.stop();
  });

  it('stops following the session', () => {
    const store = createStore();
    const fetchToken = tokenEndpoint();
    const tokens = prefetchTokens(store, fetchToken, () => 0);
    tokens.stop();
    store.set(userAtom, { userId: 1001 });
    expect(fetchToken).not.toHaveBeenCalled();
  });
});
