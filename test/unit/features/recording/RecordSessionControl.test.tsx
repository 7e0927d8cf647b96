import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionActor } from '@machines/connection.machine';
import { RecordSessionControl, formatElapsed } from '@src/features/recording/RecordSessionControl';
import { recordingFor } from '@src/features/recording/recording-controller';
import { downloadText } from '@src/ui/download';
import { SIGNED_OUT, userAtom } from '@src/state/client';
import { liveConnectionsAtom } from '@src/pipeline/live';
import { parseSession } from '@src/wire/session-file';
import { createTapSlot } from '@src/wire/tap';
import { renderWithProviders } from '../../ui/test-utils';

const T0 = 1_732_150_000_000;

// The app's one tap slot (src/main.tsx makes it); here the test's.
const slot = createTapSlot();
afterEach(() => slot.set(null));

function setup(opts: { maxChars?: number; signedIn?: boolean } = {}) {
  const store = createStore();
  if (opts.signedIn !== false) store.set(userAtom, { userId: 1001 });
  const sent: Record<string, string[]> = { public: [], private: [] };
  const actor = (name: string) =>
    ({
      send: vi.fn((e: { type: string }) => sent[name]!.push(e.type)),
    }) as unknown as ConnectionActor;
  store.set(liveConnectionsAtom, { public: actor('public'), private: actor('private') });
  const clock = { t: T0 };
  const download = vi.fn<(name: string, text: string) => void>();
  const controller = recordingFor(store, {
    tap: slot,
    now: () => clock.t,
    download,
    sampleMs: 10,
    ...(opts.maxChars ? { maxChars: opts.maxChars } : {}),
  });
  return { store, sent, clock, download, controller };
}

const frame = (seq: number) =>
  JSON.stringify({
    id: `f${seq}`,
    topic: 'wallet',
    type: 'delta',
    seq,
    creationTime: T0,
    data: [
      {
        coin: 'BTC',
        walletBalanceE8: String(seq),
        updatedAtE3: String(T0 + seq),
        walletVersion: seq,
      },
    ],
  });

describe('Record session control', () => {
  it('cannot start while signed out, and says so', async () => {
    const { store } = setup({ signedIn: false });
    await renderWithProviders(<RecordSessionControl />, { store });
    expect(screen.getByRole('button', { name: 'Record session' })).toBeDisabled();
    expect(screen.getByText('Sign in to record a session.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not recording');
    expect(screen.getByRole('group', { name: 'Session recording' })).toBeInTheDocument();
  });

  it('records the wire with elapsed time and count, restarts both streams, downloads on stop', async () => {
    const { store, sent, clock, download, controller } = setup();
    await renderWithProviders(<RecordSessionControl />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Record session' }));
    expect(screen.getByRole('status')).toHaveTextContent('Recording…');
    expect(sent).toEqual({ public: ['STOP', 'CONNECT'], private: ['STOP', 'CONNECT'] });
    const tap = slot.get();
    expect(tap).not.toBeNull();
    act(() => {
      tap!.open('private');
      tap!.send('private', '{"req_id":"1","op":"auth","args":["secret-ott"]}');
      clock.t += 65_000;
      tap!.recv('private', frame(1));
    });
    await waitFor(() => expect(screen.getByText('1:05')).toBeInTheDocument());
    expect(screen.getByText('Elapsed')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Stop and download' }));
    expect(slot.get()).toBeNull();
    expect(download).toHaveBeenCalledTimes(1);
    const [name, text] = download.mock.calls[0]!;
    expect(name).toMatch(/^assetdeck-session-1001-2024-11-21T00-46-40-000Z\.jsonl$/);
    expect(text).not.toContain('secret-ott');
    const { header, events } = parseSession(text);
    expect(header.userId).toBe(1001);
    expect(events.map((e) => [e.kind, e.t])).toEqual([
      ['open', 0],
      ['send', 0],
      ['recv', 65_000],
    ]);
    expect(screen.getByText('Recording downloaded. Events: 3.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download again' }));
    expect(download).toHaveBeenCalledTimes(2);
    expect(download.mock.calls[1]![1]).toBe(text);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Recording downloaded/)).toBeNull();
    expect(controller.getSnapshot().recording).toBe(false);
  });

  it('keeps focus in the panel when the finished recording is dismissed (review M4)', async () => {
    const { store } = setup();
    await renderWithProviders(<RecordSessionControl />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Record session' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop and download' }));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record session' })).toHaveFocus();
  });

  it('stops by itself at the size limit, with an alert, and keeps a valid file', async () => {
    const { store, download } = setup({ maxChars: 2_000 });
    await renderWithProviders(<RecordSessionControl />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Record session' }));
    const tap = slot.get()!;
    act(() => {
      for (let i = 1; i <= 50; i++) tap.recv('private', frame(i));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The recording reached its 32 MB limit and stopped; it was downloaded.',
    );
    expect(slot.get()).toBeNull();
    const text = download.mock.calls[0]![1];
    expect(text.length).toBeLessThanOrEqual(2_000);
    expect(parseSession(text).events.length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Record session' })).toBeEnabled();
  });

  it('stops at sign-out, and goes on while the panel is closed', async () => {
    const { store, download, controller } = setup();
    const view = await renderWithProviders(<RecordSessionControl />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Record session' }));
    view.unmount();
    expect(controller.getSnapshot().recording).toBe(true);
    expect(slot.get()).not.toBeNull();
    await renderWithProviders(<RecordSessionControl />, { store });
    expect(screen.getByRole('button', { name: 'Stop and download' })).toBeInTheDocument();
    act(() => store.set(userAtom, SIGNED_OUT));
    expect(await screen.findByRole('alert')).toHaveTextContent('the session ended');
    expect(download).toHaveBeenCalledTimes(1);
    expect(slot.get()).toBeNull();
  });

  it('is translated (Arabic, right to left)', async () => {
    const { store } = setup();
    await renderWithProviders(<RecordSessionControl />, { store, lng: 'ar-SA' });
    expect(screen.getByRole('button', { name: 'تسجيل الجلسة' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('لا يوجد تسجيل');
  });

  it('does not start a second recording over another recorder', async () => {
    const { store, controller } = setup();
    slot.set({ now: () => 0, open() {}, send() {}, recv() {}, close() {}, rest() {} });
    expect(controller.canStart()).toBe(false);
    controller.start();
    expect(controller.getSnapshot().recording).toBe(false);
    void store;
  });
});

describe('helpers', () => {
  it('formats elapsed time as m:ss or h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_999)).toBe('1:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  it('downloads through a temporary object URL', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:x');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadText('a.jsonl', 'x\n', 'application/x-ndjson');
    expect(create).toHaveBeenCalledWith(expect.any(Blob));
    expect((create.mock.calls[0] as unknown as [Blob])[0].type).toBe('application/x-ndjson');
    expect(click).toHaveBeenCalledTimes(1);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:x');
    vi.useRealTimers();
  });
});
