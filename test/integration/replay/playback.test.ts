/** The playback clock of replay --serve and its terminal keys, on manual timers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS } from '@server/clock';
import { checkSpeed, Playback } from '@server/replay/playback';
import { timeline, type Cue } from '@server/replay/timeline';
import { applyKey, keyCommand } from '@server/replay/terminal';
import type { SessionEvent } from '@src/wire/session-file';
import { manualTimers } from './support';

const data = (t: number, seq: number): SessionEvent => ({
  t,
  kind: 'recv',
  stream: 'private',
  frame: JSON.stringify({
    id: `f${seq}`,
    topic: 'wallet',
    type: 'delta',
    seq,
    creationTime: 1,
    data: [{ coin: 'BTC', updatedAtE3: '1', walletVersion: seq }],
  }),
});
const EVENTS: SessionEvent[] = [
  { t: 0, kind: 'open', stream: 'private' },
  { t: 0, kind: 'send', stream: 'private', frame: '{"req_id":"1","op":"auth","args":["<token>"]}' },
  {
    t: 1,
    kind: 'recv',
    stream: 'private',
    frame: '{"success":true,"ret_msg":"","op":"auth","req_id":"1"}',
  },
  data(100, 1),
  data(1_000, 2),
  { t: 1_500, kind: 'close', stream: 'private', code: 1006, reason: '' },
  { t: 2_000, kind: 'open', stream: 'private' },
  data(3_000, 1),
  { t: 4_000, kind: 'close', stream: 'private', code: 1000, reason: 'recording stopped' },
];

function setup(speed = 1) {
  const timers = manualTimers();
  const played: Cue[] = [];
  const p = new Playback(timeline(EVENTS), { speed, timers, onCue: (c) => played.push(c) });
  return {
    p,
    timers,
    played,
    visible: () => played.filter((c) => c.kind !== 'quiet').map((c) => c.index),
  };
}

describe('timeline', () => {
  it('plays data frames and closes, not the client frames, acks or the final normal close', () => {
    expect(timeline(EVENTS).map((c) => c.kind)).toEqual([
      'quiet',
      'quiet',
      'quiet',
      'frame',
      'frame',
      'close',
      'quiet',
      'frame',
      'quiet',
    ]);
    expect(timeline(EVENTS)[3]?.topic).toBe('wallet');
  });
});

describe('Playback', () => {
  it('waits, then plays each event at its time', () => {
    const { p, timers, visible } = setup();
    expect(p.state).toBe('waiting');
    timers.advance(5_000);
    expect(visible()).toEqual([]);
    p.start();
    expect(p.state).toBe('playing');
    timers.advance(99);
    expect(visible()).toEqual([]);
    timers.advance(1);
    expect(visible()).toEqual([3]);
    expect(p.position).toBe(100);
    timers.advance(1_400);
    expect(visible()).toEqual([3, 4, 5]);
    timers.advance(10_000);
    expect(p.state).toBe('ended');
    expect(p.played).toBe(9);
    expect(p.position).toBe(4_000);
  });

  it('runs at its speed, and a speed change keeps the position', () => {
    const { p, timers, visible } = setup(4);
    p.start();
    timers.advance(250);
    expect(p.position).toBe(1_000);
    expect(visible()).toEqual([3, 4]);
    p.setSpeed(0.5);
    expect(p.position).toBe(1_000);
    timers.advance(1_000);
    expect(p.position).toBe(1_500);
    expect(visible()).toEqual([3, 4, 5]);
    expect(() => p.setSpeed(0)).toThrow(RangeError);
    expect(p.speed).toBe(0.5);
  });

  it('pauses in place and resumes from there', () => {
    const { p, timers, visible } = setup();
    p.resume();
    timers.advance(500);
    p.pause();
    timers.advance(10_000);
    expect(p.state).toBe('paused');
    expect(p.position).toBe(500);
    expect(visible()).toEqual([3]);
    p.resume();
    timers.advance(500);
    expect(visible()).toEqual([3, 4]);
  });

  it('steps to the next event a client can see, then ends', () => {
    const { p, visible } = setup();
    p.step();
    expect(p.state).toBe('paused');
    expect(visible()).toEqual([3]);
    expect(p.position).toBe(100);
    expect(p.lastCue?.index).toBe(3);
    p.step();
    p.step();
    p.step();
    expect(visible()).toEqual([3, 4, 5, 7]);
    expect(p.position).toBe(3_000);
    p.step(); // only the final normal close is left: played, nothing visible
    expect(p.state).toBe('ended');
    p.step();
    expect(p.played).toBe(9);
  });

  it('an empty session has ended at once; speeds are bounded', () => {
    const p = new Playback([], { onCue: () => undefined, timers: manualTimers() });
    expect(p.state).toBe('ended');
    expect(p.duration).toBe(0);
    expect(checkSpeed(0.01)).toBe(0.01);
    expect(() => checkSpeed(1001)).toThrow(/speed/);
    expect(() => checkSpeed(Number.NaN)).toThrow(/speed/);
  });
});

describe('terminal keys', () => {
  it('map to playback commands', () => {
    expect(keyCommand(' ')).toEqual({ kind: 'toggle' });
    expect(keyCommand('s')).toEqual({ kind: 'step' });
    expect(keyCommand('\u001b[C')).toEqual({ kind: 'step' });
    expect(keyCommand('+')).toEqual({ kind: 'speed', factor: 2 });
    expect(keyCommand('-')).toEqual({ kind: 'speed', factor: 0.5 });
    expect(keyCommand('q')).toEqual({ kind: 'quit' });
    expect(keyCommand('\u0003')).toEqual({ kind: 'quit' });
    expect(keyCommand('x')).toBeUndefined();
  });

  it('drive the playback, with the speed kept in bounds', () => {
    const { p } = setup();
    expect(applyKey(p, { kind: 'toggle' })).toBe(false);
    expect(p.state).toBe('playing');
    applyKey(p, { kind: 'toggle' });
    expect(p.state).toBe('paused');
    for (let i = 0; i < 20; i++) applyKey(p, { kind: 'speed', factor: 2 });
    expect(p.speed).toBe(1000);
    applyKey(p, { kind: 'speed-reset' });
    expect(p.speed).toBe(1);
    applyKey(p, { kind: 'step' });
    expect(p.played).toBe(4);
    expect(applyKey(p, { kind: 'quit' })).toBe(true);
  });
});

describe('long gaps on real timers', () => {
  afterEach(() => vi.useRealTimers());

  it('sleeps through a gap longer than setTimeout allows, then plays the event once', () => {
    vi.useFakeTimers({ now: 0 });
    const gap = 30 * 86_400_000; // 30 days: past setTimeout's 24.8-day limit
    const played: Cue[] = [];
    const p = new Playback(timeline([data(0, 1), data(gap, 2)]), {
      speed: 1,
      onCue: (c) => played.push(c),
    });
    p.start();
    expect(played).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(played).toHaveLength(1);
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(played).toHaveLength(1);
    expect(p.state).toBe('playing');
    vi.advanceTimersByTime(gap - MAX_TIMER_DELAY_MS - 10);
    expect(played).toHaveLength(2);
    expect(p.state).toBe('ended');
    p.dispose();
  });
});
