/**
 * Opaque connection ids: the connection counter run through a keyed permutation of 32-bit
 * numbers (a 4-round Feistel network), so ids stay unique (a permutation never maps two counters
 * to one id) without telling a client how many connections came before its own. Not a cipher
 * for secrets: only volume is hidden, and the key is random unless a test fixes it.
 */

/** MurmurHash3's finaliser: a well-mixed 32-bit round function. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const ROUNDS = 4;

/** The id of connection number `n` (8 hex digits); distinct for distinct n below 2^32. */
export function opaqueId(n: number, key: number): string {
  let l = (n >>> 16) & 0xffff;
  let r = n & 0xffff;
  for (let i = 0; i < ROUNDS; i++) {
    const f = fmix32(r ^ fmix32(key + Math.imul(i + 1, 0x9e3779b9))) & 0xffff;
    [l, r] = [r, l ^ f];
  }
  return (((l << 16) | r) >>> 0).toString(16).padStart(8, '0');
}
