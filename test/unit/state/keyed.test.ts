import { describe, expect, it } from 'vitest';
import {
  copyMap,
  emptyKeyed,
  isOlder,
  KeyedDraft,
  MAX_TOMBSTONES,
  snapshotTombstones,
  type KeyedState,
} from '@src/state/keyed';

describe('KeyedDraft', () => {
  it('copies each map once, at its first write, and leaves the base untouched', () => {
    const base: KeyedState<number> = { rows: new Map([['a', 1]]), gone: new Map() };
    const d = new KeyedDraft(base);
    expect(d.dirty).toBe(false);
    expect(d.finish()).toBe(base);
    d.set('b', 2);
    d.set('c', 3);
    expect(d.dirty).toBe(true);
    const out = d.finish();
    expect(out.rows).not.toBe(base.rows);
    expect(out.gone).toBe(base.gone); // never written
    expect([...base.rows]).toEqual([['a', 1]]);
    expect([...out.rows]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('remove buries the key; set clears its tombstone', () => {
    const d = new KeyedDraft(emptyKeyed<number>());
    d.set('a', 1);
    d.remove('a', '100');
    expect(d.get('a')).toBeUndefined();
    expect(d.finish().gone.get('a')).toBe('100');
    d.set('a', 2);
    expect(d.finish().gone.has('a')).toBe(false);
  });

  it('a tombstone only moves forward in time', () => {
    const d = new KeyedDraft(emptyKeyed<number>());
    d.bury('k', '200');
    d.bury('k', '100');
    expect(d.finish().gone.get('k')).toBe('200');
    d.bury('k', '300');
    expect(d.finish().gone.get('k')).toBe('300');
  });

  it('isStaleForAbsent compares in microseconds against the tombstone and absentBefore', () => {
    const d = new KeyedDraft(emptyKeyed<number>());
    d.bury('k', '5000'); // 5 ms
    expect(d.isStaleForAbsent('k', '4', undefined)).toBe(true);
    expect(d.isStaleForAbsent('k', '5', undefined)).toBe(false);
    expect(d.isStaleForAbsent('other', '4', undefined)).toBe(false);
    expect(d.isStaleForAbsent('other', '4', { absentBefore: '4001' })).toBe(true);
    expect(d.isStaleForAbsent('other', '5', { absentBefore: '4001' })).toBe(false);
    expect(d.isStaleForAbsent('k', '6', { absentBefore: '7000' })).toBe(true);
  });

  it(`keeps at most ${MAX_TOMBSTONES} tombstones, forgetting the oldest first`, () => {
    const d = new KeyedDraft(emptyKeyed<number>());
    for (let i = 0; i <= MAX_TOMBSTONES; i++) d.bury(`k${i}`, String(i));
    const gone = d.finish().gone;
    expect(gone.size).toBe(MAX_TOMBSTONES);
    expect(gone.has('k0')).toBe(false);
    expect(gone.has(`k${MAX_TOMBSTONES}`)).toBe(true);
  });

  it('stores __proto__ and constructor as keys', () => {
    const d = new KeyedDraft(emptyKeyed<string>());
    d.set('__proto__', 'p');
    d.set('constructor', 'c');
    expect(d.get('__proto__')).toBe('p');
    expect(d.get('constructor')).toBe('c');
    expect(d.get('toString')).toBeUndefined();
  });
});

describe('copyMap', () => {
  it('copies entries in order into a new map, any key included', () => {
    const m = new Map<string, number>([
      ['b', 1],
      ['__proto__', 2],
      ['a', 3],
    ]);
    const c = copyMap(m);
    expect(c).not.toBe(m);
    expect([...c]).toEqual([...m]);
    c.set('z', 9);
    expect(m.has('z')).toBe(false);
  });
});

describe('isOlder', () => {
  it('is strict and numeric', () => {
    expect(isOlder('9', '10')).toBe(true);
    expect(isOlder('10', '10')).toBe(false);
    expect(isOlder('11', '10')).toBe(false);
    expect(isOlder('1', undefined)).toBe(false);
    expect(isOlder('99999999999999999998', '99999999999999999999')).toBe(true);
  });
});

describe('snapshotTombstones', () => {
  const st = (rows: string[], gone: [string, string][] = []): KeyedState<number> => ({
    rows: new Map(rows.map((k) => [k, 1])),
    gone: new Map(gone),
  });

  it('buries keys held before but absent from the snapshot, at its time', () => {
    const g = snapshotTombstones(st(['a', 'b']), st(['b']), '50');
    expect([...g]).toEqual([['a', '50']]);
  });

  it('raises older tombstones to the snapshot time, keeps newer ones, drops re-created keys', () => {
    const g = snapshotTombstones(
      st(
        [],
        [
          ['old', '10'],
          ['newer', '90'],
          ['back', '10'],
        ],
      ),
      st(['back']),
      '50',
    );
    expect(Object.fromEntries(g)).toEqual({ old: '50', newer: '90' });
  });

  it('without a snapshot time keeps existing tombstones only', () => {
    const g = snapshotTombstones(st(['a'], [['x', '10']]), st([]), undefined);
    expect(Object.fromEntries(g)).toEqual({ x: '10' });
  });
});
