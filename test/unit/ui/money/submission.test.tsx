/**
 * The money forms' submission (src/ui/dialogs/money/submission.ts), on its own: each guard that
 * keeps money from moving twice (a double submit, a form that has succeeded, another session),
 * the request id of a lost answer (kept, in the form and beyond it, and sent again), and what the
 * dialog is told while the request is on its way.
 */
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userAtom, type SessionUser } from '@src/state/client';
import { useMoneySubmission, type MoneySubmissionOptions } from '@src/ui/dialogs/money/submission';
import { apiError } from '../test-utils';
import { deferred } from './harness';

/** HTTP 504: the server may have carried the request out. */
const LOST = () => apiError(9000003);
/** Insufficient balance: a definite answer, nothing moved. */
const REFUSED = () => apiError(131001);

const signedIn = (userId = 1001): SessionUser => ({ userId });

type Store = ReturnType<typeof createStore>;

function newStore(): Store {
  const store = createStore();
  store.set(userAtom, signedIn());
  return store;
}

/** A form's use of the hook, opened in `store`'s session; `close` and `setBusy` record calls. */
function open(store: Store, options: Partial<MoneySubmissionOptions> = {}) {
  const close = vi.fn();
  const setBusy = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const { result } = renderHook(
    () => useMoneySubmission({ kind: 'transfer', close, setBusy, ...options }),
    { wrapper },
  );
  return { result, close, setBusy };
}

/** The handlers of one submission of `key`, each a mock; `send` answers with `answer`. */
function attempt(key: string, answer: () => Promise<{ id: string }>) {
  return {
    key,
    ready: vi.fn(() => true),
    send: vi.fn((_sending: { requestId: string; since: number }) => answer()),
    recordOf: (r: { id: string }) => r.id,
    answered: vi.fn(),
    failed: vi.fn(),
  };
}

const sentIds = (a: ReturnType<typeof attempt>) => a.send.mock.calls.map(([s]) => s.requestId);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useMoneySubmission: what is sent once', () => {
  it('sends once for a double submit, even two in the same frame, and is busy until the answer', async () => {
    const store = newStore();
    const { result, setBusy } = open(store);
    const pending = deferred<{ id: string }>();
    const a = attempt('k', () => pending.promise);
    let first: Promise<void> = Promise.resolve();
    // the second click before React has rendered the first: the guard must already see it
    act(() => {
      first = result.current.submit(a);
      void result.current.submit(a);
    });
    expect(result.current.busy).toBe(true);
    expect(setBusy).toHaveBeenLastCalledWith(true);
    // and a third once the form shows it is busy
    await act(() => result.current.submit(a));
    expect(a.send).toHaveBeenCalledTimes(1);
    expect(a.ready).toHaveBeenCalledTimes(1);

    await act(async () => {
      pending.resolve({ id: 'T-1' });
      await first;
    });
    expect(a.answered).toHaveBeenCalledTimes(1);
    expect(a.answered).toHaveBeenCalledWith({ id: 'T-1' });
    expect(result.current.busy).toBe(false);
    expect(setBusy).toHaveBeenLastCalledWith(false);
  });

  it('never sends again once it went through, not even other details', async () => {
    const { result } = open(newStore());
    const a = attempt('k', async () => ({ id: 'T-1' }));
    await act(() => result.current.submit(a));
    expect(result.current.done).toBe(true);
    const b = attempt('other', async () => ({ id: 'T-2' }));
    await act(() => result.current.submit(a));
    await act(() => result.current.submit(b));
    expect(a.send).toHaveBeenCalledTimes(1);
    expect(b.send).not.toHaveBeenCalled();
    expect(b.ready).not.toHaveBeenCalled();
  });

  it('sends nothing when its checks fail, and stays ready to send', async () => {
    const { result, setBusy } = open(newStore());
    const a = attempt('k', async () => ({ id: 'T-1' }));
    a.ready.mockReturnValueOnce(false);
    await act(() => result.current.submit(a));
    expect(a.send).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
    expect(setBusy).not.toHaveBeenCalledWith(true);
    // the failed check took no id: these details are no retry of anything
    expect(result.current.isRetryOf('k')).toBe(false);
    await act(() => result.current.submit(a));
    expect(a.send).toHaveBeenCalledTimes(1);
  });
});

describe('useMoneySubmission: the session it was opened in', () => {
  it('sends nothing for another session, and closes the form instead', async () => {
    const store = newStore();
    const { result, close } = open(store);
    const a = attempt('k', async () => ({ id: 'T-1' }));
    // signed out and in again: a new session, the same user
    act(() => store.set(userAtom, { userId: 0 }));
    act(() => store.set(userAtom, signedIn()));
    expect(result.current.stillOurs()).toBe(false);
    await act(() => result.current.submit(a));
    expect(a.send).not.toHaveBeenCalled();
    expect(a.ready).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('shows an answer that comes back in another session to nobody', async () => {
    const store = newStore();
    const { result } = open(store);
    const answer = deferred<{ id: string }>();
    const refusal = deferred<{ id: string }>();
    const a = attempt('a', () => answer.promise);
    let sending: Promise<void> = Promise.resolve();
    act(() => {
      sending = result.current.submit(a);
    });
    act(() => store.set(userAtom, signedIn(3001)));
    await act(async () => {
      answer.resolve({ id: 'T-1' });
      await sending;
    });
    expect(a.answered).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);

    // the same for a refusal, in a form of the new session
    const next = open(store);
    const b = attempt('b', () => refusal.promise);
    act(() => {
      sending = next.result.current.submit(b);
    });
    act(() => store.set(userAtom, { userId: 0 }));
    await act(async () => {
      refusal.reject(REFUSED());
      await sending;
    });
    expect(b.failed).not.toHaveBeenCalled();
  });
});

describe('useMoneySubmission: the request id', () => {
  it('keeps the id of a lost answer: a retry sends it again, and says it is a retry', async () => {
    const { result } = open(newStore());
    const a = attempt('k', () => Promise.reject(LOST()));
    await act(() => result.current.submit(a));
    expect(a.failed).toHaveBeenCalledTimes(1);
    const [err, sending] = a.failed.mock.calls[0] as [unknown, { requestId: string }];
    expect(err).toMatchObject({ code: 9000003 });
    expect(sending.requestId).toBe(sentIds(a)[0]);
    expect(result.current.done).toBe(false);
    expect(result.current.isRetryOf('k')).toBe(true);
    expect(result.current.isRetryOf('other')).toBe(false);

    await act(() => result.current.submit(a));
    const [first, second] = sentIds(a);
    expect(second).toBe(first);
    // both attempts look for the records since the first went out
    const since = a.send.mock.calls.map(([s]) => s.since);
    expect(since[1]).toBe(since[0]);
  });

  it('keeps it beyond the form: one opened later in the session sends the same id', async () => {
    const store = newStore();
    const first = open(store);
    const a = attempt('k', () => Promise.reject(LOST()));
    await act(() => first.result.current.submit(a));

    const reopened = open(store);
    expect(reopened.result.current.isRetryOf('k')).toBe(true);
    const b = attempt('k', async () => ({ id: 'T-1' }));
    await act(() => reopened.result.current.submit(b));
    expect(sentIds(b)[0]).toBe(sentIds(a)[0]);
    // answered: the id is dropped, and a form opened next sends the same details as new
    expect(open(store).result.current.isRetryOf('k')).toBe(false);
    // and the record it made answers no lookup for another submission
    expect(open(store).result.current.isClaimed('T-1')).toBe(true);
  });

  it('keeps ids of one kind apart from another', async () => {
    const store = newStore();
    const transfer = open(store);
    await act(() => transfer.result.current.submit(attempt('k', () => Promise.reject(LOST()))));
    expect(open(store, { kind: 'withdraw' }).result.current.isRetryOf('k')).toBe(false);
  });

  it('takes a new id after a refusal, and for other details', async () => {
    const { result } = open(newStore());
    const a = attempt('k', () => Promise.reject(REFUSED()));
    await act(() => result.current.submit(a));
    expect(result.current.isRetryOf('k')).toBe(false);
    await act(() => result.current.submit(a));
    const b = attempt('other', () => Promise.reject(LOST()));
    await act(() => result.current.submit(b));
    const [first, second] = sentIds(a);
    expect(second).not.toBe(first);
    expect(sentIds(b)[0]).not.toBe(second);
  });

  it('a lookup that finds a lost submission settles its id, claims its record, and is done', async () => {
    const store = newStore();
    const { result } = open(store);
    const a = attempt('k', () => Promise.reject(LOST()));
    a.failed.mockImplementationOnce(() => result.current.succeeded('T-9'));
    await act(() => result.current.submit(a));
    expect(result.current.done).toBe(true);
    expect(result.current.isClaimed('T-9')).toBe(true);
    const reopened = open(store);
    expect(reopened.result.current.isRetryOf('k')).toBe(false);
    await act(() => result.current.submit(a));
    expect(a.send).toHaveBeenCalledTimes(1);
  });
});

describe('useMoneySubmission: the records after a lost answer', () => {
  it('listed: it went through, is done, its record claimed, and the form says so', async () => {
    const store = newStore();
    const { result } = open(store);
    const listed = vi.fn();
    const said: unknown[] = [];
    const a = attempt('k', () => Promise.reject(LOST()));
    a.failed.mockImplementationOnce(async () => {
      said.push(await result.current.lookUp(Promise.resolve({ found: 'T-9' }), listed));
    });
    await act(() => result.current.submit(a));
    expect(said).toEqual([undefined]);
    expect(listed).toHaveBeenCalledWith('T-9');
    expect(result.current.done).toBe(true);
    expect(open(store).result.current.isClaimed('T-9')).toBe(true);
    expect(open(store).result.current.isRetryOf('k')).toBe(false);
  });

  it('not listed: the id stays kept, and the form is told what the records said', async () => {
    const store = newStore();
    const { result } = open(store);
    const listed = vi.fn();
    const said: unknown[] = [];
    const a = attempt('k', () => Promise.reject(LOST()));
    a.failed.mockImplementation(async () => {
      said.push(await result.current.lookUp(Promise.resolve('notListed'), listed));
    });
    await act(() => result.current.submit(a));
    expect(said).toEqual(['notListed']);
    expect(listed).not.toHaveBeenCalled();
    expect(result.current.done).toBe(false);
    expect(open(store).result.current.isRetryOf('k')).toBe(true);
  });

  it('says nothing once the session has ended during the lookup', async () => {
    const store = newStore();
    const { result } = open(store);
    const listed = vi.fn();
    const said: unknown[] = [];
    const records = deferred<{ found: string }>();
    const a = attempt('k', () => Promise.reject(LOST()));
    a.failed.mockImplementationOnce(async () => {
      said.push(await result.current.lookUp(records.promise, listed));
    });
    let sending: Promise<void> = Promise.resolve();
    act(() => {
      sending = result.current.submit(a);
    });
    await act(async () => {
      await Promise.resolve();
      store.set(userAtom, { userId: 0 });
      records.resolve({ found: 'T-9' });
      await sending;
    });
    expect(said).toEqual([undefined]);
    expect(listed).not.toHaveBeenCalled();
    expect(result.current.done).toBe(false);
  });
});

describe('useMoneySubmission: the dialog while busy', () => {
  it('keeps the dialog busy once done only when asked to (a form that closes itself)', async () => {
    const held = open(newStore(), { busyOnceDone: true });
    await act(() => held.result.current.submit(attempt('k', async () => ({ id: 'T-1' }))));
    expect(held.result.current.busy).toBe(false);
    expect(held.result.current.done).toBe(true);
    expect(held.setBusy).toHaveBeenLastCalledWith(true);

    const released = open(newStore());
    await act(() => released.result.current.submit(attempt('k', async () => ({ id: 'T-1' }))));
    expect(released.result.current.done).toBe(true);
    expect(released.setBusy).toHaveBeenLastCalledWith(false);
  });

  it('moves focus from a field to the submit button before the fields are disabled', async () => {
    const { result } = open(newStore());
    const form = document.createElement('form');
    const input = document.createElement('input');
    const button = document.createElement('button');
    button.type = 'submit';
    form.append(input, button);
    document.body.append(form);
    input.focus();
    const pending = deferred<{ id: string }>();
    let sending: Promise<void> = Promise.resolve();
    act(() => {
      sending = result.current.submit({ ...attempt('k', () => pending.promise), form });
    });
    expect(document.activeElement).toBe(button);
    await act(async () => {
      pending.resolve({ id: 'T-1' });
      await sending;
    });
  });

  it('sends a request without an id (the upgrade) with the same guards', async () => {
    const { result } = open(newStore(), { kind: undefined });
    const pending = deferred<string>();
    const send = vi.fn(() => pending.promise);
    const answered = vi.fn();
    let sending: Promise<void> = Promise.resolve();
    act(() => {
      sending = result.current.submit({ send, answered, failed: vi.fn() });
    });
    await act(() => result.current.submit({ send, answered, failed: vi.fn() }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith();
    await act(async () => {
      pending.resolve('ok');
      await sending;
    });
    expect(answered).toHaveBeenCalledWith('ok');
    expect(result.current.done).toBe(true);
  });
});
