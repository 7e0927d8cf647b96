/**
 * Binary search: the first index in [0, n) at which `before(i)` is false, or n, for a `before`
 * that is true on a prefix of the range and false after it (a sorted list cut at a value).
 */
export function partitionPoint(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
