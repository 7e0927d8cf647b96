/**
 * usePaged's re-read (a limit the reviews of 2026-11-28 left: a list grown with "Load more" went
 * back to its newest 50 rows on every re-read, after money moved and on window focus, and a user
 * who had loaded 3 pages lost their place). A re-read keeps what was loaded: the same rows, new records on top, statuses
 * brought up to date, no record twice and none skipped, and never more than REREAD_CAP rows read.
 * The server here pages as the simulator does: newest first, the cursor the last record's
 * sequence number ("older than").
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@src/facade';
import { mergeReread, REREAD_CAP, usePaged } from '@src/features/assets/records/use-paged';

interface Rec {
  id: string;
  seq: number;
  status: 'pending' | 'success';
}

/** A record list on a server: `add` appends the newest; `load` pages it like the simulator. */
function server(count: number) {
  const records: Rec[] = [];
  const add = (n: number, status: Rec['status'] = 'success') => {
    for (let i = 0; i < n; i++) {
      const seq = records.length + 1;
      records.push({ id: `R-${seq}`, seq, status });
    }
  };
  add(count);
  const load = vi.fn(async (cursor: string, limit: number): Promise<Page<Rec>> => {
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(limit).toBeLessThanOrEqual(50);
    const before = cursor ? Number(cursor) : Infinity;
    const matching = records.filter((r) => r.seq < before).reverse();
    const list = matching.slice(0, limit).map((r) => ({ ...r }));
    const last = list[list.length - 1];
    return { list, nextCursor: matching.length > limit && last ? String(last.seq) : '' };
  });
  /** The whole list as the server has it, newest first. */
  const all = () => [...records].reverse().map((r) => r.id);
  const setStatus = (id: string, status: Rec['status']) => {
    records.find((r) => r.id === id)!.status = status;
  };
  return { load, add, all, setStatus };
}

const idOf = (r: Rec) => r.id;
const pollEvery = (r: Rec) => (r.status === 'pending' ? 3000 : undefined);

function paged(load: ReturnType<typeof server>['load'], refreshKey = 0) {
  return renderHook(({ key }) => usePaged<Rec>(load, pollEvery, key, idOf), {
    initialProps: { key: refreshKey },
  });
}

type Hook = ReturnType<typeof paged>;

const ids = (h: Hook) => h.result.current.rows?.map((r) => r.id) ?? [];

/** Presses "Load more" until `n` rows are shown. */
async function loadUntil(h: Hook, n: number) {
  await waitFor(() => expect(h.result.current.rows).toBeDefined());
  while (ids(h).length < n) {
    const before = ids(h).length;
    act(() => h.result.current.loadMore());
    await waitFor(() => expect(ids(h).length).toBeGreaterThan(before));
  }
}

/** The user comes back to the tab (window focus), and the re-read has ended. */
async function comeBack(h: Hook, load: ReturnType<typeof server>['load']) {
  const calls = load.mock.calls.length;
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  await waitFor(() => expect(load.mock.calls.length).toBeGreaterThan(calls));
  // every page of the re-read answered, and the state written
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
  return load.mock.calls.slice(calls).map(([cursor, limit]) => ({ cursor, limit }));
}

describe('usePaged: a re-read keeps what the user has loaded', () => {
  it('3 pages loaded, the tab left and come back to: the same 60 rows, read in 2 requests', async () => {
    const s = server(100);
    const h = paged(s.load);
    await loadUntil(h, 60);
    expect(ids(h)).toEqual(s.all().slice(0, 60));
    const reads = await comeBack(h, s.load);
    // as many rows as are shown: 50, then the 10 that remain
    expect(reads).toEqual([
      { cursor: '', limit: 50 },
      { cursor: '51', limit: 10 },
    ]);
    expect(ids(h)).toEqual(s.all().slice(0, 60));
    expect(h.result.current.hasMore).toBe(true);
    // "Load more" goes on from the same place: no record twice, none skipped
    await loadUntil(h, 80);
    expect(ids(h)).toEqual(s.all().slice(0, 80));
  });

  it('new records come on top and the rows loaded stay; statuses are brought up to date', async () => {
    const s = server(100);
    s.setStatus('R-50', 'pending');
    const h = paged(s.load);
    await loadUntil(h, 60);
    expect(h.result.current.rows?.find((r) => r.id === 'R-50')?.status).toBe('pending');
    s.add(7);
    s.setStatus('R-50', 'success');
    await comeBack(h, s.load);
    expect(ids(h)).toEqual(s.all().slice(0, 67));
    expect(new Set(ids(h)).size).toBe(67);
    expect(h.result.current.rows?.find((r) => r.id === 'R-50')?.status).toBe('success');
    await loadUntil(h, 87);
    expect(ids(h)).toEqual(s.all().slice(0, 87));
  });

  it(`reads at most ${REREAD_CAP} rows however many are loaded, and keeps the rest as they were`, async () => {
    const s = server(400);
    const h = paged(s.load);
    await loadUntil(h, 300);
    s.add(3);
    const reads = await comeBack(h, s.load);
    expect(reads.length).toBe(REREAD_CAP / 50);
    expect(reads.reduce((n, r) => n + r.limit, 0)).toBe(REREAD_CAP);
    // the 3 new records on top, then all 300 loaded: none lost, none twice
    expect(ids(h)).toEqual(s.all().slice(0, 303));
    await loadUntil(h, 323);
    expect(ids(h)).toEqual(s.all().slice(0, 323));
  });

  it(`more than ${REREAD_CAP} new records since: the newest ${REREAD_CAP}, then "Load more" from there (no hole)`, async () => {
    const s = server(300);
    const h = paged(s.load);
    await loadUntil(h, 240);
    s.add(REREAD_CAP + 10);
    await comeBack(h, s.load);
    // nothing read meets the rows shown: what lies between was not read, so they are not kept
    expect(ids(h)).toEqual(s.all().slice(0, REREAD_CAP));
    await loadUntil(h, REREAD_CAP + 40);
    expect(ids(h)).toEqual(s.all().slice(0, REREAD_CAP + 40));
  });

  it('after money moved (refreshKey) and while a record is pending, the same', async () => {
    // The poll's interval in the test's hands (test/setup puts the real timers back). Testing
    // Library's waitFor polls with setInterval too: this test waits on the answers instead
    // (the fake server answers at once, so a few turns of the microtask queue do).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answered = () =>
      act(async () => {
        for (let i = 0; i < 20; i++) await Promise.resolve();
      });
    const s = server(80);
    s.setStatus('R-80', 'pending');
    const h = paged(s.load);
    await answered();
    for (let page = 0; page < 2; page++) {
      act(() => h.result.current.loadMore());
      await answered();
    }
    expect(ids(h)).toEqual(s.all().slice(0, 60));
    s.add(1);
    h.rerender({ key: 1 });
    await answered();
    expect(ids(h)).toEqual(s.all().slice(0, 61));
    // the pending poll (every 3 s): a re-read of the 61, not of the newest 50
    s.setStatus('R-80', 'success');
    const calls = s.load.mock.calls.length;
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    await answered();
    expect(s.load.mock.calls.length).toBeGreaterThan(calls);
    expect(h.result.current.rows?.find((r) => r.id === 'R-80')?.status).toBe('success');
    expect(ids(h)).toEqual(s.all().slice(0, 61));
  });

  it('a "Load more" answer that comes after a re-read moved the end of the list is dropped (no hole)', async () => {
    const s = server(100);
    const h = paged(s.load);
    await loadUntil(h, 40);
    let answer!: () => void;
    const late = new Promise<void>((resolve) => (answer = resolve));
    const real = s.load.getMockImplementation()!;
    s.load.mockImplementationOnce(async (cursor, limit) => {
      await late;
      return real(cursor, limit);
    });
    act(() => h.result.current.loadMore());
    expect(h.result.current.loading).toBe(true);
    // meanwhile more new records than a re-read reaches: the list becomes the newest ones
    s.add(REREAD_CAP + 5);
    await comeBack(h, s.load);
    expect(ids(h)).toEqual(s.all().slice(0, REREAD_CAP));
    // the page after the old 40th row belongs nowhere in this list any more
    await act(async () => {
      answer();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(ids(h)).toEqual(s.all().slice(0, REREAD_CAP));
    expect(h.result.current.loading).toBe(false);
    await loadUntil(h, REREAD_CAP + 20);
    expect(ids(h)).toEqual(s.all().slice(0, REREAD_CAP + 20));
  });

  it('a re-read whose page fails keeps what was shown', async () => {
    const s = server(100);
    const h = paged(s.load);
    await loadUntil(h, 60);
    const shown = h.result.current.rows;
    s.load.mockImplementationOnce(async () => ({ list: [], nextCursor: 'x' }));
    s.load.mockRejectedValueOnce(new Error('down'));
    await comeBack(h, s.load);
    expect(h.result.current.rows).toBe(shown);
    expect(h.result.current.error).toBeUndefined();
  });

  it('a server that answers empty pages with a cursor is asked a bounded number of times', async () => {
    const s = server(100);
    const h = paged(s.load);
    await loadUntil(h, 60);
    const shown = ids(h);
    s.load.mockImplementation(async () => ({ list: [], nextCursor: 'x' }));
    const reads = await comeBack(h, s.load);
    expect(reads.length).toBeLessThanOrEqual(REREAD_CAP / 50 + 1);
    // nothing read: nothing taken away
    expect(ids(h)).toEqual(shown);
  });

  it('one re-read at a time: focus and visibilitychange together read once', async () => {
    const s = server(60);
    const h = paged(s.load);
    await loadUntil(h, 40);
    const calls = s.load.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(s.load.mock.calls.length).toBe(calls + 1));
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(s.load.mock.calls.length).toBe(calls + 1);
    expect(ids(h)).toEqual(s.all().slice(0, 40));
  });
});

describe('mergeReread', () => {
  const rec = (n: number): Rec => ({ id: `R-${n}`, seq: n, status: 'success' });
  const list = (from: number, to: number) => {
    const out: Rec[] = [];
    for (let n = from; n >= to; n--) out.push(rec(n));
    return out;
  };
  const idsOf = (rows: readonly Rec[]) => rows.map((r) => r.seq);

  it('the rows read, then the rows shown below the last one read, with the cursor after them', () => {
    const shown = { rows: list(100, 41), cursor: '41' };
    const m = mergeReread(shown, { rows: list(103, 54), cursor: '54' }, idOf);
    expect(idsOf(m.rows)).toEqual(idsOf(list(103, 41)));
    expect(m.cursor).toBe('41');
  });

  it('what was read alone when it reached past the rows shown, or the end of the list', () => {
    const shown = { rows: list(100, 81), cursor: '81' };
    expect(mergeReread(shown, { rows: list(102, 71), cursor: '71' }, idOf)).toEqual({
      rows: list(102, 71),
      cursor: '71',
    });
    expect(mergeReread(shown, { rows: list(102, 1), cursor: '' }, idOf)).toEqual({
      rows: list(102, 1),
      cursor: '',
    });
  });

  it('nothing read: the rows shown, as they are', () => {
    const shown = { rows: list(100, 41), cursor: '41' };
    expect(mergeReread(shown, { rows: [], cursor: 'x' }, idOf)).toEqual(shown);
    expect(mergeReread(shown, { rows: [], cursor: '' }, idOf)).toEqual(shown);
  });

  it('what was read alone when it has no row in common with the rows shown (a gap between)', () => {
    const shown = { rows: list(100, 41), cursor: '41' };
    const m = mergeReread(shown, { rows: list(400, 201), cursor: '201' }, idOf);
    expect(idsOf(m.rows)).toEqual(idsOf(list(400, 201)));
    expect(m.cursor).toBe('201');
  });

  it('never lists a record twice', () => {
    // a record twice in what was read, and one shown twice below the last row read
    const shown = { rows: [...list(100, 60), rec(70), ...list(59, 41)], cursor: '41' };
    const read = { rows: [rec(101), rec(80), ...list(100, 60)], cursor: '60' };
    const m = mergeReread(shown, read, idOf);
    expect(new Set(idsOf(m.rows)).size).toBe(m.rows.length);
    expect(idsOf(m.rows)).toEqual([101, 80, ...idsOf(list(100, 81)), ...idsOf(list(79, 41))]);
    expect(m.cursor).toBe('41');
  });
});
