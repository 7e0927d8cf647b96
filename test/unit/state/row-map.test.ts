import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { forEachChange, RowMap, RowMapDraft } from '@src/state/row-map';

const KEYS = [
  'a',
  'b',
  '__proto__',
  'constructor',
  '',
  ...Array.from({ length: 150 }, (_, i) => `k${i}`),
];

const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...KEYS), value: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('finish' as const) }),
  fc.record({ kind: fc.constant('fork' as const) }),
);

const asList = (m: ReadonlyMap<string, number>) => [...m.entries()];

describe('RowMap behaves as an immutable Map', () => {
  it('matches Map (order included) after any writes, and earlier versions never change', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        let model = new Map<string, number>();
        let draft = new RowMapDraft(RowMap.empty<number>());
        const versions: [RowMap<number>, [string, number][]][] = [];
        for (const o of ops) {
          if (o.kind === 'set') {
            draft.set(o.key, o.value);
            model.set(o.key, o.value);
          } else if (o.kind === 'delete') {
            expect(draft.delete(o.key)).toBe(model.delete(o.key));
          } else {
            const v = draft.finish();
            versions.push([v, asList(model)]);
            if (o.kind === 'fork') {
              // A second draft from the same version: the first one's later writes stay apart.
              draft = new RowMapDraft(v);
              model = new Map(model);
            }
          }
          expect(draft.size).toBe(model.size);
        }
        const last = draft.finish();
        versions.push([last, asList(model)]);
        for (const [v, expected] of versions) {
          expect(asList(v)).toEqual(expected);
          expect(v.size).toBe(expected.length);
          expect([...v.keys()]).toEqual(expected.map(([k]) => k));
          expect([...v.values()]).toEqual(expected.map(([, x]) => x));
          const seen: [string, number][] = [];
          v.forEach((x, k) => seen.push([k, x]));
          expect(seen).toEqual(expected);
          // One comparison per version (an expect per key made the property take seconds here).
          const want = new Map(expected);
          expect(KEYS.map((k) => [v.has(k), v.get(k)])).toEqual(
            KEYS.map((k) => [want.has(k), want.get(k)]),
          );
        }
      }),
      { numRuns: 120 },
    );
  });

  it('returns the same map when nothing was written', () => {
    const m = RowMap.from([['a', 1]]);
    const d = new RowMapDraft(m);
    expect(d.finish()).toBe(m);
    expect(d.get('a')).toBe(1);
  });

  it('updating held keys shares the untouched chunks and the key index', () => {
    const m = RowMap.from(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i] as const));
    const d = new RowMapDraft(m);
    d.set('k5', -5);
    const n = d.finish();
    expect(n.index).toBe(m.index);
    expect(n.keyChunks).toBe(m.keyChunks);
    expect(n.valueChunks[0]).not.toBe(m.valueChunks[0]);
    expect(n.valueChunks.slice(1)).toEqual(m.valueChunks.slice(1));
    expect(n.valueChunks[1]).toBe(m.valueChunks[1]);
    expect(m.get('k5')).toBe(5);
    expect(n.get('k5')).toBe(-5);
  });

  it('compacts when most slots are deleted, keeping order', () => {
    const m = RowMap.from(Array.from({ length: 500 }, (_, i) => [`k${i}`, i] as const));
    const d = new RowMapDraft(m);
    for (let i = 0; i < 480; i++) d.delete(`k${i}`);
    const n = d.finish();
    expect(n.slots).toBe(20);
    expect([...n.keys()]).toEqual(Array.from({ length: 20 }, (_, i) => `k${480 + i}`));
  });

  it('is a ReadonlyMap for its readers', () => {
    const m = RowMap.from([
      ['x', 1],
      ['__proto__', 2],
    ]);
    expect(Object.fromEntries(m)).toEqual(
      Object.fromEntries([
        ['x', 1],
        ['__proto__', 2],
      ]),
    );
    expect(Object.prototype.toString.call(m)).toBe('[object RowMap]');
    expect(new Map(m).get('__proto__')).toBe(2);
  });
});

describe('forEachChange', () => {
  /** What changed from `a` to `b`, by a plain comparison of every entry. */
  const expected = (a: ReadonlyMap<string, object>, b: ReadonlyMap<string, object>) => {
    const out = new Map<string, object | undefined>();
    b.forEach((v, k) => {
      if (a.get(k) !== v) out.set(k, v);
    });
    a.forEach((_v, k) => {
      if (!b.has(k)) out.set(k, undefined);
    });
    return out;
  };
  const changes = (a: ReadonlyMap<string, object>, b: ReadonlyMap<string, object>) => {
    const out = new Map<string, object | undefined>();
    forEachChange(a, b, (k, v) => {
      expect(out.has(k)).toBe(false); // once per key
      out.set(k, v);
    });
    return out;
  };

  it('reports every replaced, added and removed row once, whatever the writes', () => {
    const write = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...KEYS) }),
      fc.record({ kind: fc.constant('same' as const), key: fc.constantFrom(...KEYS) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...KEYS) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...KEYS)),
        fc.array(write, { maxLength: 80 }),
        (init, ws) => {
          const base = RowMap.from(init.map((k) => [k, { k }] as const));
          const d = new RowMapDraft(base);
          for (const w of ws) {
            if (w.kind === 'set') d.set(w.key, { k: w.key });
            else if (w.kind === 'delete') d.delete(w.key);
            else {
              // the same object written again: no change
              const held = d.get(w.key);
              if (held) d.set(w.key, held);
            }
          }
          const next = d.finish();
          expect(changes(base, next)).toEqual(expected(base, next));
          // plain Maps take the entry-by-entry way, with the same answer
          expect(changes(new Map(base), new Map(next))).toEqual(expected(base, next));
        },
      ),
    );
  });

  it('looks only at the chunks a write copied when the keys stayed', () => {
    const base = RowMap.from(Array.from({ length: 1000 }, (_, i) => [`p${i}`, { i }] as const));
    const d = new RowMapDraft(base);
    d.set('p700', { i: -1 });
    const next = d.finish();
    expect(next.index).toBe(base.index);
    let visited = 0;
    const seen: string[] = [];
    const counting = new Proxy(next.keyChunks as unknown[], {
      get(target, prop, recv) {
        if (typeof prop === 'string' && /^\d+$/.test(prop)) visited++;
        return Reflect.get(target, prop, recv) as unknown;
      },
    });
    forEachChange(
      base,
      Object.assign(Object.create(RowMap.prototype), next, { keyChunks: counting }),
      (k) => seen.push(k),
    );
    expect(seen).toEqual(['p700']);
    expect(visited).toBe(1); // one chunk of keys read, not sixteen
  });

  it('reports nothing between a map and itself', () => {
    const m = RowMap.from([['a', { a: 1 }]]);
    const fn = vi.fn();
    forEachChange(m, m, fn);
    expect(fn).not.toHaveBeenCalled();
  });
});
