import { describe, expect, it } from 'vitest';
import { opaqueId } from '@server/ws/conn-id';

describe('opaqueId', () => {
  it('never repeats, and consecutive connections do not look consecutive', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => opaqueId(i + 1, 12345));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-f]{8}$/.test(id))).toBe(true);
    const steps = ids
      .slice(1, 50)
      .map((id, i) => parseInt(id, 16) - parseInt(ids[i] as string, 16));
    expect(new Set(steps).size).toBeGreaterThan(45);
  });

  it('depends on the key and is stable for a key', () => {
    expect(opaqueId(1, 1)).not.toBe(opaqueId(1, 2));
    expect(opaqueId(7, 99)).toBe(opaqueId(7, 99));
  });
});
