/** Request URLs: API base + path + query pairs (arrays become repeated parameters). */

type QueryValue = string | number | boolean | bigint | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

/** `key=value` pairs in insertion order; null and undefined values are left out. */
export function toQueryPairs(query: QueryParams | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  if (!query) return pairs;
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) if (v !== null && v !== undefined) pairs.push([key, String(v)]);
  }
  return pairs;
}

/** Joins base and path with exactly one slash and appends the query. */
export function buildUrl(base: string, path: string, query?: QueryParams): string {
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const qs = new URLSearchParams(toQueryPairs(query)).toString();
  if (!qs) return joined;
  return `${joined}${joined.includes('?') ? '&' : '?'}${qs}`;
}
