import type { Page } from '../../../facade';

/**
 * The most records one export reads. The simulator keeps 500 of each list per user; a server that
 * kept more is read up to here and the user is told the file holds only the newest ones.
 */
export const EXPORT_CAP = 1000;
/** Rows per request: the lists' `limit` bound. */
const EXPORT_PAGE = 50;

/**
 * Every record of a list, newest first, page after page until the last (`nextCursor` ''), a
 * record read twice kept once. Never more than `cap` rows nor more requests than `cap` needs
 * in full pages and one (a server that answers empty pages with a cursor is not asked for
 * ever); `capped` says the list went on. A failed page fails the whole export: a file with a
 * hole in the middle would say money did not move when it did.
 */
export async function readAllRecords<R>(
  load: (cursor: string, limit: number) => Promise<Page<R>>,
  idOf: (row: R) => string,
  cap = EXPORT_CAP,
): Promise<{ rows: R[]; capped: boolean }> {
  const rows: R[] = [];
  const seen = new Set<string>();
  let cursor = '';
  for (let request = 0; request <= Math.ceil(cap / EXPORT_PAGE); request++) {
    const page = await load(cursor, EXPORT_PAGE);
    for (const row of page.list) {
      const id = idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
    if (rows.length > cap) return { rows: rows.slice(0, cap), capped: true };
    if (!page.nextCursor) return { rows, capped: false };
    if (rows.length === cap) return { rows, capped: true };
    cursor = page.nextCursor;
  }
  return { rows, capped: true };
}
