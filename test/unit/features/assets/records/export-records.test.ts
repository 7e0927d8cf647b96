import { describe, expect, it, vi } from 'vitest';
import { EXPORT_CAP, readAllRecords } from '@src/features/assets/records/export-records';

interface Row {
  id: string;
}

/** `n` records, newest first, paged by the last one's number as the simulator pages them. */
function pagedList(n: number) {
  const all: Row[] = Array.from({ length: n }, (_, i) => ({ id: String(n - i) }));
  return vi.fn(async (cursor: string, limit: number) => {
    const start = cursor ? all.findIndex((r) => r.id === cursor) + 1 : 0;
    const list = all.slice(start, start + limit);
    return { list, nextCursor: start + list.length < n ? list[list.length - 1]!.id : '' };
  });
}

describe('readAllRecords', () => {
  it('reads page after page until the last, 50 at a time', async () => {
    const load = pagedList(120);
    const { rows, capped } = await readAllRecords(load, (r) => r.id);
    expect(capped).toBe(false);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 120 }, (_, i) => String(120 - i)));
    expect(load.mock.calls).toEqual([
      ['', 50],
      ['71', 50],
      ['21', 50],
    ]);
  });

  it('keeps a record read twice once (a record came in between two pages)', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce({ list: [{ id: '3' }, { id: '2' }], nextCursor: '2' })
      .mockResolvedValueOnce({ list: [{ id: '2' }, { id: '1' }], nextCursor: '' });
    const { rows } = await readAllRecords<Row>(load, (r) => r.id);
    expect(rows.map((r) => r.id)).toEqual(['3', '2', '1']);
  });

  it('stops at the cap and says the list went on', async () => {
    const load = pagedList(EXPORT_CAP + 30);
    const { rows, capped } = await readAllRecords(load, (r) => r.id);
    expect(capped).toBe(true);
    expect(rows).toHaveLength(EXPORT_CAP);
    expect(rows[0]!.id).toBe(String(EXPORT_CAP + 30));
    expect(load).toHaveBeenCalledTimes(EXPORT_CAP / 50);
    // exactly the cap, and nothing after it: not capped
    const exact = await readAllRecords(pagedList(100), (r) => r.id, 100);
    expect(exact).toEqual({ rows: expect.any(Array), capped: false });
  });

  it('does not ask for ever a server that answers empty pages with a cursor', async () => {
    const load = vi.fn(async () => ({ list: [] as Row[], nextCursor: 'again' }));
    const { rows, capped } = await readAllRecords(load, (r) => r.id, 100);
    expect(rows).toEqual([]);
    expect(capped).toBe(true);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('fails as a whole when a page fails: no file with a hole in it', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce({ list: [{ id: '2' }], nextCursor: '2' })
      .mockRejectedValueOnce(new Error('503'));
    await expect(readAllRecords<Row>(load, (r) => r.id)).rejects.toThrow('503');
  });
});
