/**
 * Deterministic JSON text identical to Python's `json.dumps(value, indent=1, sort_keys=True)`
 * (the format of the recorded sessions' expected dumps): keys sorted by code point, one space of
 * indent per level, non-ASCII escaped as \uXXXX. Hand-written because JSON.stringify neither sorts
 * keys nor escapes non-ASCII, and byte-identical output is part of the replay contract.
 */

function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i) as number;
    const cb = b.codePointAt(i) as number;
    if (ca !== cb) return ca - cb;
    if (ca > 0xffff) i++;
  }
  return a.length - b.length;
}

function quote(s: string): string {
  return JSON.stringify(s).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function write(value: unknown, depth: number, out: string[]): void {
  if (value === null || value === undefined) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(quote(value));
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot serialise ${value}`);
    out.push(Number.isInteger(value) ? String(value) : JSON.stringify(value));
  } else if (typeof value === 'boolean') {
    out.push(value ? 'true' : 'false');
  } else if (typeof value === 'bigint') {
    out.push(value.toString());
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    const pad = '\n' + ' '.repeat(depth + 1);
    out.push('[');
    value.forEach((v, i) => {
      out.push(i === 0 ? pad : ',' + pad);
      write(v, depth + 1, out);
    });
    out.push('\n' + ' '.repeat(depth) + ']');
  } else if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort(compareCodePoints);
    if (keys.length === 0) {
      out.push('{}');
      return;
    }
    const pad = '\n' + ' '.repeat(depth + 1);
    out.push('{');
    keys.forEach((k, i) => {
      out.push(i === 0 ? pad : ',' + pad);
      out.push(quote(k), ': ');
      write(obj[k], depth + 1, out);
    });
    out.push('\n' + ' '.repeat(depth) + '}');
  } else {
    throw new TypeError(`cannot serialise a ${typeof value}`);
  }
}

export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, 0, out);
  return out.join('');
}
