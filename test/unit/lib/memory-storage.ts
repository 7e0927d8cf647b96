/**
 * Storage doubles for tests: an in-memory Storage that throws QuotaExceededError past a budget
 * (counted in UTF-16 code units of keys and values, as browsers do), and a provider whose
 * getter throws SecurityError like a disabled localStorage.
 */
export class MemoryStorage implements Storage {
  readonly #data = new Map<string, string>();
  /** How many setItem calls threw. */
  quotaErrors = 0;

  constructor(readonly budget = Infinity) {}

  get length(): number {
    return this.#data.size;
  }
  /** Code units in use. */
  get used(): number {
    let n = 0;
    for (const [k, v] of this.#data) n += k.length + v.length;
    return n;
  }
  key(i: number): string | null {
    return [...this.#data.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    return this.#data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const prev = this.#data.get(key);
    const next = this.used - (prev === undefined ? 0 : key.length + prev.length);
    if (next + key.length + value.length > this.budget) {
      this.quotaErrors++;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.#data.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#data.delete(key);
  }
  clear(): void {
    this.#data.clear();
  }
}

/** A provider that behaves like `window.localStorage` when storage is disabled. */
export function disabledStorage(): Storage {
  throw new DOMException('The operation is insecure.', 'SecurityError');
}

/** A Storage whose every method throws SecurityError (some browsers fail on use, not access). */
export class ThrowingStorage implements Storage {
  get length(): number {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  key(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  setItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  clear(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}
