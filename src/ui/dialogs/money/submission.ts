/**
 * What every money form (transfer, withdraw; subscribe, redeem, repay; borrow; the unified
 * upgrade) does around its request, so that money never moves twice and the user always sees the
 * answer:
 *
 * - in flight: a second click, Enter or requestSubmit while the request is on its way sends
 *   nothing; the form disables its fields meanwhile (`busy`), so focus, if it was in one of them
 *   (sent with Enter), first moves to the submit button (`keepFocusInForm`, accessibility review
 *   M3);
 * - busy: the dialog (host or modal) is told, and refuses Escape, the overlay and its close
 *   button until the answer is shown (`useBusyReport`);
 * - done: once it has gone through, the form never sends again (it stays on screen, filled in,
 *   while its dialog closes or shows what happened next, review H1);
 * - the request id (request-id.ts): the same details as a submission whose outcome is unknown are
 *   sent with its id, from this form or from one opened later in the session (kept-submissions.ts),
 *   so a retry is answered with the first result and moves nothing;
 * - the session (session-guard.ts): a form opened for a session that has ended sends nothing and
 *   closes; an answer that comes back in another session is shown to nobody (review H2).
 *
 * Each form keeps its own fields, checks and words: `ready` checks before anything is sent,
 * `answered` and `failed` say what came back.
 */
import { useRef, useState } from 'react';
import { useBusyReport } from '../busy';
import { keepFocusInForm } from '../DialogActions';
import { useKeptSubmissions } from './kept-submissions';
import type { Lookup } from './outcome';
import { SubmissionIds } from './request-id';
import { useStillOpenedSession } from './session-guard';

export interface MoneySubmissionOptions {
  /**
   * What the form's request ids are kept under beyond it (kept-submissions.ts: 'transfer',
   * 'withdraw', 'earn', 'borrow'). None: its request carries no id (the unified upgrade).
   */
  kind?: string;
  /** Closes the form: what a submit does, instead of sending, once its session has ended. */
  close: () => void;
  /** Told while the dialog may not be dismissed (the dialog host's `setBusy`, a modal's state). */
  setBusy?: (busy: boolean) => void;
  /**
   * Once done the dialog stays undismissable, as while in flight: for a form that closes itself
   * on success (transfer, upgrade), whose closing dialog keeps its close button hidden. Without it
   * the dialog is dismissable again at the answer: the withdraw dialog then shows the status
   * step, which the user closes; the earn and borrow modals are told as soon as the request is
   * back, as they always were.
   */
  busyOnceDone?: boolean;
}

/** The id a submission is sent with, and when its first attempt went out (the records since). */
interface Sending {
  requestId: string;
  /** ms, this device's clock (request-id.ts `firstSentAt`). */
  since: number;
}

interface Handlers<R> {
  /** The form, for focus to wait in it while its fields are disabled (a dialog button: none). */
  form?: HTMLFormElement;
  /** The form's own checks, after the guards: false sends nothing (it shows why). */
  ready?: () => boolean;
  /** The record an answer made (a transfer, withdrawal or loan id): a lookup never takes it again. */
  recordOf?: (answer: R) => string;
  /** It went through, in the form's session: the form is already done (say so, close). */
  answered: (answer: R) => void;
}

/** A request with an id: `key` is its body less the id, serialised (request-id.ts `idFor`). */
interface WithId<R> extends Handlers<R> {
  key: string;
  send: (sending: Sending) => Promise<R>;
  /** Refused or lost, in the form's session: the id is already settled (kept when unknown). */
  failed: (err: unknown, sending: Sending) => void | Promise<void>;
}

/** A request without an id (the unified upgrade). */
interface WithoutId<R> extends Handlers<R> {
  key?: undefined;
  send: () => Promise<R>;
  failed: (err: unknown) => void | Promise<void>;
}

/** What the hook hands the form. */
export interface MoneySubmission {
  /** The request is on its way. */
  busy: boolean;
  /** It went through (answered, or found by a lookup): nothing more is sent. */
  done: boolean;
  /** Sends once, past the guards above; resolves when the answer has been handled. */
  submit<R>(attempt: WithId<R>): Promise<void>;
  // An overload, not a union: a handler written `(err) => …` gets its parameter types from it.
  submit<R>(attempt: WithoutId<R>): Promise<void>;
  /**
   * It went through after all (a lost answer, then a lookup said so): its id is settled, its
   * record claimed, and the form is done.
   */
  succeeded(recordId?: string): void;
  /**
   * After a lost answer, what the records say (outcome.ts, loan-lookup.ts): listed, it went
   * through (`succeeded`) and `listed` says so; not listed or not read, that, for the form to say
   * with its error. Undefined when there is nothing more to say: listed, or the session has
   * ended meanwhile.
   */
  lookUp(
    lookup: Promise<Lookup>,
    listed: (recordId: string) => void,
  ): Promise<'notListed' | 'unchecked' | undefined>;
  /** Whether the session the form was opened in is still the signed-in one. */
  stillOurs: () => boolean;
  /** Whether `key` is that of a submission whose outcome is unknown (sent again with its id). */
  isRetryOf(key: string): boolean;
  /** Whether a record already answers another submission (kept-submissions.ts `claim`). */
  isClaimed: (recordId: string) => boolean;
}

const noop = () => undefined;

/** A request with an id as one without: the id taken now, for the details it is sent with. */
function sendWith<R>(attempt: WithId<R>, ids: SubmissionIds): WithoutId<R> {
  const sending: Sending = { requestId: ids.idFor(attempt.key), since: ids.firstSentAt };
  return {
    ...attempt,
    key: undefined,
    send: () => attempt.send(sending),
    failed: (err) => attempt.failed(err, sending),
  };
}

export function useMoneySubmission({
  kind,
  close,
  setBusy,
  busyOnceDone = false,
}: MoneySubmissionOptions): MoneySubmission {
  const kept = useKeptSubmissions(kind ?? '');
  const [ids] = useState(() => new SubmissionIds(undefined, kept));
  const stillOurs = useStillOpenedSession();
  // State for what the form shows; refs for the guards, which a second click in the same
  // frame (before a render) must already see.
  const [busy, setInFlight] = useState(false);
  const [done, setDone] = useState(false);
  const inFlight = useRef(false);
  const doneRef = useRef(false);
  useBusyReport(setBusy ?? noop, busy || (busyOnceDone && done));

  const markDone = () => {
    doneRef.current = true;
    setDone(true);
  };
  const succeeded = (recordId?: string) => {
    ids.settle();
    if (recordId !== undefined) kept.claim(recordId);
    markDone();
  };

  const lookUp = async (lookup: Promise<Lookup>, listed: (recordId: string) => void) => {
    const found = await lookup;
    if (!stillOurs()) return undefined;
    if (typeof found === 'object') {
      succeeded(found.found);
      listed(found.found);
      return undefined;
    }
    return found;
  };

  const submit = async <R>(attempt: WithId<R> | WithoutId<R>): Promise<void> => {
    // a second click while the first is on its way, or after it went through, sends nothing
    if (inFlight.current || doneRef.current) return;
    // Opened for a session that has ended: nothing of it is sent for another.
    if (!stillOurs()) {
      close();
      return;
    }
    if (attempt.ready && !attempt.ready()) return;
    const withId = attempt.key !== undefined;
    const call = attempt.key === undefined ? attempt : sendWith(attempt, ids);
    // Sent with Enter in a field: focus waits on the submit button while the fields are disabled.
    if (attempt.form) keepFocusInForm(attempt.form);
    inFlight.current = true;
    setInFlight(true);
    try {
      const answer = await call.send();
      if (withId) {
        ids.settle();
        const recordId = attempt.recordOf?.(answer);
        if (recordId !== undefined) kept.claim(recordId);
      }
      if (stillOurs()) {
        markDone();
        attempt.answered(answer);
      }
    } catch (err) {
      if (withId) ids.settle(err);
      if (!stillOurs()) return;
      await call.failed(err);
    } finally {
      inFlight.current = false;
      setInFlight(false);
    }
  };

  return {
    busy,
    done,
    submit,
    succeeded,
    lookUp,
    stillOurs,
    isRetryOf: (key) => ids.isRetryOf(key),
    isClaimed: kept.isClaimed,
  };
}
