/**
 * The one Bybit V5 market answer the client keeps across page loads: a page of
 * /v5/market/instruments-info. It is public and read at every load, so the client persists it
 * (the local-storage cache, cache.ts); what comes back out of localStorage is checked exactly as
 * what comes from the server, with this schema. A page that does not match is refused with
 * ParseError (9000004) naming the field; a stored one that does not match is dropped and fetched
 * again. The fields of each instrument the app reads (tick size, quantity step) are read
 * leniently further up (src/state/instruments.ts leaves a malformed instrument out), the same
 * for both.
 */
import * as v from 'valibot';
import { ParseError } from './errors';
import type { V5InstrumentsResult } from './types';

const instrumentsPage = v.looseObject({
  list: v.array(v.looseObject({ symbol: v.pipe(v.string(), v.minLength(1)) })),
  nextPageCursor: v.optional(v.string()),
});

/** True when `value` is a page of instruments (a list of objects with a symbol each). */
export function isInstrumentsPage(value: unknown): boolean {
  return v.is(instrumentsPage, value);
}

/** `value` as a page of instruments; ParseError when it is not one. */
export function checkInstrumentsPage(value: unknown): V5InstrumentsResult {
  const r = v.safeParse(instrumentsPage, value);
  if (r.success) return value as V5InstrumentsResult;
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') || '(answer)';
  throw new ParseError(`instrumentsInfo: ${path}: ${issue.message}`);
}
