/**
 * Seeded pseudo-random numbers: the only randomness of the market and the engine (never
 * Math.random), so one seed gives one run. sfc32 seeded through splitmix32: a dozen lines of a
 * well-studied public-domain generator, not worth a dependency.
 */

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `seed` is any integer; `stream` derives independent generators from one seed. */
  constructor(seed: number, stream = 0) {
    const mix = splitmix32((seed ^ Math.imul(stream + 1, 0x632be5ab)) >>> 0);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /**
   * Approximately standard normal (Irwin-Hall of four uniforms): only additions, so the result
   * is bit-identical on every platform, unlike Math.log/Math.sqrt based methods.
   */
  normal(): number {
    return (this.float() + this.float() + this.float() + this.float() - 2) * Math.sqrt(3);
  }

  /** Rounds `x` to an integer up or down at random in proportion, so small drifts still move. */
  roundRandom(x: number): number {
    const f = Math.floor(x);
    return this.float() < x - f ? f + 1 : f;
  }
}
