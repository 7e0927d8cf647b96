/**
 * The operator page of `replay --serve` (`/__replay`) as it behaves: the page and script the server
 * serves, run in happy-dom against the server (playback on manual timers). The scrubber steps by
 * a second (1 % of a long session, a tenth of a short one) and its last step is the end; the live
 * status says what changed (playing, paused, ended, a seek) and is not rewritten with the moving
 * position; at the end it says how to replay; a bad Go to is worded for the page.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Window } from 'happy-dom';
import { startReplayServer, type ReplayServer } from '@server/replay/server';
import { parseSession, type Session } from '@src/wire/session-file';
import { loadSession, manualTimers } from './support';

const servers: ReplayServer[] = [];
const windows: Window[] = [];
afterAll(async () => {
  for (const w of windows) await w.happyDOM.close();
  await Promise.all(servers.map((s) => s.stop()));
});

/** A public session of `ms` milliseconds: a ticker frame every second (and one at the end). */
function sessionOf(ms: number): Session {
  const ticker = (t: number) => ({
    t,
    kind: 'recv',
    stream: 'public',
    frame: JSON.stringify({
      topic: 'tickers.BTCUSDT',
      type: 'snapshot',
      ts: t,
      cs: t,
      data: { symbol: 'BTCUSDT', lastPrice: '1', markPrice: '1' },
    }),
  });
  const events: unknown[] = [
    { kind: 'header', version: 1, recordedAt: '2026-11-21T00:00:00.000Z', userId: 1001 },
    { t: 0, kind: 'open', stream: 'public' },
  ];
  for (let t = 1; t < ms; t += 1_000) events.push(ticker(t));
  events.push(ticker(ms));
  return parseSession(events.map((e) => JSON.stringify(e)).join('\n'));
}

/** The page as the server serves it, its script run, its requests going to the server. */
async function open(session: Session) {
  const timers = manualTimers();
  const server = await startReplayServer({ session, name: 'page', timers });
  servers.push(server);
  const html = await (await fetch(`${server.url}/__replay`)).text();
  const script = await (await fetch(`${server.url}/__replay/operator.js`)).text();
  const window = new Window({
    url: `${server.url}/__replay`,
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  windows.push(window);
  const requests: unknown[] = [];
  Object.assign(window, {
    fetch: (url: string, init?: RequestInit) => {
      if (init?.body) requests.push(JSON.parse(String(init.body)));
      return fetch(new URL(url, server.url), init);
    },
  });
  const doc = window.document;
  doc.write(html.replace(/<script [^>]*><\/script>/, ''));
  const run = doc.createElement('script');
  run.textContent = script;
  doc.body.appendChild(run);
  const $ = (id: string) => doc.getElementById(id) as unknown as HTMLElement;
  const scrub = $('scrubber') as HTMLInputElement;
  /** Dispatches a DOM event of the page's window (happy-dom's own Event, typed as the DOM's). */
  const fire = (el: HTMLElement, type: string) =>
    el.dispatchEvent(
      new window.Event(type, { bubbles: true, cancelable: true }) as unknown as Event,
    );
  await vi.waitFor(() => expect(scrub.max).not.toBe('0'));
  return { server, timers, window, doc, $, scrub, requests, fire };
}

/** Lets the page poll the state (every 250 ms) once more. */
const nextPoll = () => new Promise((r) => setTimeout(r, 300));

describe('the operator page', () => {
  it('steps the scrubber by a second, not a millisecond, and its last step is the end', async () => {
    const page = await open(loadSession('follower_session'));
    const { scrub, server } = page;
    const end = server.playback.duration;
    expect(scrub.step).toBe('1000');
    expect(Number(scrub.max)).toBe(Math.ceil(end / 1000) * 1000);
    // What → does in a browser: one step up, then the settled change seeks (once).
    scrub.value = String(Number(scrub.value) + Number(scrub.step));
    page.fire(scrub, 'input');
    page.fire(scrub, 'change');
    await vi.waitFor(() => expect(server.status().seeked).toBe(true));
    expect(server.status().positionMs).toBe(1_000);
    expect(page.requests).toEqual([{ action: 'seek', to: '1000' }]);
    await vi.waitFor(() => expect(scrub.getAttribute('aria-valuetext')).toMatch(/^1\.0 s of /));
    // End: the maximum, past the end when the length is not whole seconds, seeks to the end.
    scrub.value = scrub.max;
    page.fire(scrub, 'change');
    await vi.waitFor(() => expect(server.status().state).toBe('ended'));
    expect(page.requests.at(-1)).toEqual({ action: 'seek', to: String(end) });
  });

  it('steps by 1 % of a session longer than 100 s, and by a tenth of a short one', async () => {
    const long = await open(sessionOf(150_000));
    expect(long.scrub.step).toBe('1500');
    expect(long.scrub.max).toBe('150000');
    const short = await open(sessionOf(2_500));
    expect(short.scrub.step).toBe('250');
    expect(short.scrub.max).toBe('2500');
    // 45.5 s: 1 s steps, the last one (46 s) standing for the end.
    const odd = await open(sessionOf(45_500));
    expect(odd.scrub.step).toBe('1000');
    expect(odd.scrub.max).toBe('46000');
  });

  it('announces state changes only, not the moving position; at the end, how to replay', async () => {
    const page = await open(loadSession('follower_session'));
    const { $, timers, server } = page;
    const status = $('status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(() => expect(status.textContent).toMatch(/^Waiting for a dashboard/));
    ($('toggle') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(status.textContent).toBe('Playing from 0.0 s of 60.0 s, speed 1×'),
    );
    // Playing: the position moves (shown outside the live region), the status stays as it was.
    let changes = 0;
    new page.window.MutationObserver(() => changes++).observe(status as never, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    for (const ms of [5_000, 5_000, 5_000]) {
      timers.advance(ms);
      await nextPoll();
    }
    await vi.waitFor(() =>
      expect($('position').textContent).toMatch(/^Position: 15\.0 s of 60\.0 s/),
    );
    expect($('position').closest('[aria-live], [role=status], [role=alert]')).toBeNull();
    expect(changes).toBe(0);
    expect(status.textContent).toBe('Playing from 0.0 s of 60.0 s, speed 1×');
    // Paused and seeked are announced.
    ($('toggle') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(status.textContent).toBe('Paused at 15.0 s of 60.0 s, speed 1×'));
    ($('seek-to') as HTMLInputElement).value = '20s';
    page.fire($('seek-form'), 'submit');
    await vi.waitFor(() => expect(status.textContent).toBe('Paused at 20.0 s of 60.0 s, speed 1×'));
    // The end: Play and Step are off, and the status says how to replay.
    server.playback.resume();
    timers.advance(60_000);
    await vi.waitFor(() => expect(status.textContent).toMatch(/^Ended at 60\.0 s of 60\.0 s/));
    expect(status.textContent).toMatch(/to replay, go back with the position slider, Go to/);
    expect(($('toggle') as HTMLButtonElement).disabled).toBe(true);
    expect(($('step') as HTMLButtonElement).disabled).toBe(true);
  });

  it('words a bad Go to for the page, without the command line’s --at', async () => {
    const page = await open(loadSession('seq_gap_reseed'));
    const { $ } = page;
    ($('seek-to') as HTMLInputElement).value = '1e+300';
    page.fire($('seek-form'), 'submit');
    await vi.waitFor(() => expect($('error').textContent).not.toBe(''));
    expect($('error').getAttribute('role')).toBe('alert');
    expect($('error').textContent).toMatch(/^Go to: "1e\+300": expected ms from the start/);
    expect($('error').textContent).not.toContain('--at');
  });
});
