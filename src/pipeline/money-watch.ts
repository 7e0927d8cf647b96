/**
 * Watches the user's deposits and withdrawals for what a user wants to be told wherever they are
 * in the app (docs/assets.md, "Deposits and withdrawals as they happen"): a deposit seen on its
 * chain, a deposit credited, a withdrawal sent, either failing. The exchange pushes none of this
 * on a socket (Bybit's V5 private stream has no deposit topic), so the first page of each record
 * list is read: every WATCH_PENDING_MS while a record it follows is on its way, every
 * WATCH_IDLE_MS otherwise (a deposit takes a few blocks; one made and credited between two idle
 * reads is still told, as credited), and at once when `check()` is called (money moved in this
 * tab). Two requests a read; the first read comes WATCH_START_MS after the start, so that it
 * does not compete with the page's first load.
 *
 * The first read is the baseline: nothing already there is told. After it, a record is told
 * when it first shows above the records already known (a new one), and when a known one changes
 * status. A pending deposit with every confirmation in is held (awaiting credit, the overview's
 * notices say why): it moves on a person's decision, not a block, so it is read at the idle pace.
 * What is remembered is bounded: the records of the latest page, and the pending ones a page no
 * longer shows are dropped (more than WATCH_PAGE new records at once; the records screen has
 * them). A failed read, or an empty page after records were seen, changes nothing; the next read
 * comes at the usual time.
 */
import type { DepositRecord, Page, RecordQuery, WithdrawRecord } from '../api/types';
import { oneAtATime } from './one-at-a-time';

export const WATCH_START_MS = 5_000;
export const WATCH_PENDING_MS = 5_000;
export const WATCH_IDLE_MS = 30_000;
const WATCH_PAGE = 20;

export interface MoneyWatchApi {
  depositList(q: RecordQuery): Promise<Page<DepositRecord>>;
  withdrawList(q: RecordQuery): Promise<Page<WithdrawRecord>>;
}

export type MoneyEvent =
  | { kind: 'depositDetected' | 'depositCredited' | 'depositFailed'; record: DepositRecord }
  | { kind: 'withdrawDone' | 'withdrawFailed'; record: WithdrawRecord };

export interface MoneyWatchOptions {
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface MoneyWatch {
  /** Read now (or right after the read in flight). */
  check(): void;
  /** Resolves when no read is in flight or queued (tests). */
  idle(): Promise<void>;
  /** No more reads; an answer still on its way is dropped. */
  stop(): void;
}

/** Record id → status, in the order of the latest page (newest first). */
type Known = Map<string, string>;

const held = (r: DepositRecord) =>
  r.status === 'pending' && r.confirmations >= r.requiredConfirmations;

/**
 * What changed between `known` and `page`, as events, and what to remember now. A record above
 * the first known one is new; an unknown one below it is older than the baseline (never told).
 */
function diff<R extends { id: string; status: string }>(
  known: Known | undefined,
  page: readonly R[],
  told: (r: R, before: string | undefined) => MoneyEvent | undefined,
): { events: MoneyEvent[]; next: Known } {
  // Records are never taken back: an empty page after records were seen says nothing (a server's
  // glitch), and taking it as the new baseline would tell every record after it as new.
  if (known && known.size > 0 && page.length === 0) return { events: [], next: known };
  const next: Known = new Map(page.map((r) => [r.id, r.status]));
  if (!known) return { events: [], next };
  const events: MoneyEvent[] = [];
  let above = true;
  for (const r of page) {
    const before = known.get(r.id);
    if (before !== undefined) above = false;
    if (before === undefined && !above) continue;
    if (before === r.status) continue;
    const e = told(r, before);
    if (e) events.push(e);
  }
  return { events, next };
}

const depositEvent = (r: DepositRecord, before: string | undefined): MoneyEvent | undefined => {
  if (r.status === 'success') return { kind: 'depositCredited', record: r };
  if (r.status === 'failed') return { kind: 'depositFailed', record: r };
  return before === undefined ? { kind: 'depositDetected', record: r } : undefined;
};

// A new pending withdrawal is not told: the one made here was said by its dialog.
const withdrawEvent = (r: WithdrawRecord): MoneyEvent | undefined =>
  r.status === 'success'
    ? { kind: 'withdrawDone', record: r }
    : r.status === 'failed'
      ? { kind: 'withdrawFailed', record: r }
      : undefined;

export function startMoneyWatch(
  api: MoneyWatchApi,
  emit: (e: MoneyEvent) => void,
  opts: MoneyWatchOptions = {},
): MoneyWatch {
  const set = opts.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clear = opts.clearTimeout ?? ((h: unknown) => clearTimeout(h as number));
  let deposits: Known | undefined;
  let withdrawals: Known | undefined;
  // Of the latest read: a record on its way that a block will move.
  let moving = false;
  let stopped = false;
  let timer: unknown;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer !== undefined) clear(timer);
    timer = set(() => {
      timer = undefined;
      check();
    }, ms);
  };

  const readOnce = async (): Promise<void> => {
    const query = { limit: WATCH_PAGE, cursor: '' };
    let d: Page<DepositRecord>;
    let w: Page<WithdrawRecord>;
    try {
      [d, w] = await Promise.all([api.depositList(query), api.withdrawList(query)]);
    } catch {
      return; // nothing known changes; the next read comes at the usual time
    }
    if (stopped) return;
    const dd = diff(deposits, d.list, depositEvent);
    const ww = diff(withdrawals, w.list, withdrawEvent);
    deposits = dd.next;
    withdrawals = ww.next;
    moving =
      d.list.some((r) => r.status === 'pending' && !held(r)) ||
      w.list.some((r) => r.status === 'pending');
    for (const e of [...dd.events, ...ww.events]) emit(e);
  };

  const reads = oneAtATime(
    readOnce,
    () => stopped,
    () => schedule(moving ? WATCH_PENDING_MS : WATCH_IDLE_MS),
  );
  const check = reads.request;

  schedule(WATCH_START_MS);
  return {
    check,
    idle: reads.idle,
    stop() {
      stopped = true;
      if (timer !== undefined) clear(timer);
      timer = undefined;
    },
  };
}
