/**
 * The requestId of a money-moving submission (transfer, withdraw; subscribe, redeem, repay). The
 * simulator, like the exchange, moves money once per requestId (docs/assets.md). A submission
 * keeps its id while its outcome is unknown (a timeout, a dropped connection, a 5xx: the money may
 * or may not have moved), so that "try again" with the same details can never move it twice. Once
 * the server has answered (done, or refused with a business error) or the details change, the
 * next submission is a new one with a fresh id.
 */
import { errorCodeOf } from '../../../i18n/error-message';
import { ERROR_CODES } from '../../../facade';

/** Codes after which the client cannot know whether the server acted. */
const OUTCOME_UNKNOWN: ReadonlySet<number> = new Set<number>([
  ERROR_CODES.REQUEST_TIMEOUT,
  ERROR_CODES.NETWORK_ERROR,
  ERROR_CODES.NON_RESPONSE,
  ERROR_CODES.HTTP_STATUS,
  ERROR_CODES.PARSE_ERROR,
  ERROR_CODES.SERVER_ERROR,
]);

/** True when a failed request may still have been carried out by the server. */
export function isOutcomeUnknown(err: unknown): boolean {
  const code = errorCodeOf(err);
  return code === undefined || OUTCOME_UNKNOWN.has(code);
}

const newRequestId = (): string => globalThis.crypto.randomUUID();

/**
 * Where the ids of submissions whose outcome is unknown outlive the form that sent them (closed
 * and opened again, the same details are still the same submission). A store for one signed-in
 * session: it must forget everything at sign-out, and never hand one user's id to another.
 */
export interface PendingIds {
  get(key: string): string | undefined;
  put(key: string, id: string): void;
  drop(key: string): void;
}

export class SubmissionIds {
  #key: string | undefined;
  #id: string | undefined;
  readonly #make: () => string;
  readonly #pending: PendingIds | undefined;

  /**
   * `pending`: where an unknown outcome's id is kept beyond this instance (without it, only as
   * long as this instance lives, that is the form).
   */
  constructor(make: () => string = newRequestId, pending?: PendingIds) {
    this.#make = make;
    this.#pending = pending;
  }

  /** The id to send for a submission of `key` (the request body without its id, serialised). */
  idFor(key: string): string {
    if (this.#id === undefined || key !== this.#key) {
      this.#key = key;
      this.#id = this.#pending?.get(key) ?? this.#make();
    }
    return this.#id;
  }

  /** Whether the next submission of `key` is a retry of one whose outcome is unknown. */
  isRetryOf(key: string): boolean {
    return (this.#id !== undefined && key === this.#key) || this.#pending?.get(key) !== undefined;
  }

  /** After the answer: keep the id only when the outcome is unknown. */
  settle(err?: unknown): void {
    const key = this.#key;
    if (err !== undefined && isOutcomeUnknown(err)) {
      if (key !== undefined && this.#id !== undefined) this.#pending?.put(key, this.#id);
      return;
    }
    if (key !== undefined) this.#pending?.drop(key);
    this.#id = undefined;
    this.#key = undefined;
  }
}
