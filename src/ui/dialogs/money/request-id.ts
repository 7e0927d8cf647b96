/**
 * The requestId of a money-moving submission (transfer, withdraw; subscribe, redeem, repay). The
 * simulator, like the exchange, moves money once per requestId (docs/assets.md). A submission
 * keeps its id while its outcome is unknown (a timeout, a dropped connection, a 5xx: the money may
 * or may not have moved), so that "try again" with the same details can never move it twice. Once
 * the server has answered (done, or refused with a business error) or the details change, the
 * next submission is a new one with a fresh id. Given an `IdStore` (kept-submissions.ts), the id of an unknown outcome outlives the
 * form: a form opened later with the same details sends the same id.
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

/** The id of a submission whose outcome is unknown, and when its first attempt went out. */
export interface KeptId {
  requestId: string;
  /** ms, this device's clock. */
  firstSentAt: number;
}

/** Where the ids of unknown outcomes are kept beyond one form (kept-submissions.ts). */
export interface IdStore {
  get(key: string): KeptId | undefined;
  keep(key: string, kept: KeptId): void;
  drop(key: string): void;
}

export class SubmissionIds {
  #key: string | undefined;
  #id: string | undefined;
  #firstSentAt = 0;
  readonly #make: () => string;
  readonly #store: IdStore | undefined;
  readonly #now: () => number;

  constructor(make: () => string = newRequestId, store?: IdStore, now: () => number = Date.now) {
    this.#make = make;
    this.#store = store;
    this.#now = now;
  }

  /** The id to send for a submission of `key` (the request body without its id, serialised). */
  idFor(key: string): string {
    if (this.#id === undefined || key !== this.#key) {
      const kept = this.#store?.get(key);
      this.#key = key;
      this.#id = kept?.requestId ?? this.#make();
      this.#firstSentAt = kept?.firstSentAt ?? this.#now();
    }
    return this.#id;
  }

  /** When the first attempt with the current id went out (ms, this device's clock). */
  get firstSentAt(): number {
    return this.#firstSentAt;
  }

  /** Whether the next submission of `key` is a retry of one whose outcome is unknown. */
  isRetryOf(key: string): boolean {
    return (this.#id !== undefined && key === this.#key) || this.#store?.get(key) !== undefined;
  }

  /** After the answer: keep the id only when the outcome is unknown. */
  settle(err?: unknown): void {
    const key = this.#key;
    const id = this.#id;
    if (key === undefined || id === undefined) return;
    if (err !== undefined && isOutcomeUnknown(err)) {
      this.#store?.keep(key, { requestId: id, firstSentAt: this.#firstSentAt });
      return;
    }
    this.#store?.drop(key);
    this.#id = undefined;
    this.#key = undefined;
  }
}
