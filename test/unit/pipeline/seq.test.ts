import { describe, expect, it } from 'vitest';
import { SeqTracker } from '@src/pipeline/seq';

describe('SeqTracker', () => {
  it('counts from 1 per topic; a jump forward is a gap; an old seq is a repeat', () => {
    const s = new SeqTracker();
    expect(s.observe('wallet', 1)).toBe('ok');
    expect(s.observe('wallet', 2)).toBe('ok');
    expect(s.observe('risk', 1)).toBe('ok');
    expect(s.observe('wallet', 5)).toBe('gap');
    expect(s.lastSeq('wallet')).toBe(5);
    expect(s.observe('wallet', 6)).toBe('ok');
    expect(s.observe('wallet', 6)).toBe('repeat');
    expect(s.observe('wallet', 3)).toBe('repeat');
    expect(s.lastSeq('wallet')).toBe(6);
  });

  it('a first frame above 1 is a gap', () => {
    expect(new SeqTracker().observe('copytrade.order', 2)).toBe('gap');
  });

  it('reset starts numbering again for a new connection', () => {
    const s = new SeqTracker();
    s.observe('wallet', 10);
    s.reset();
    expect(s.lastSeq('wallet')).toBe(0);
    expect(s.observe('wallet', 1)).toBe('ok');
  });

  it('a clone goes on independently, pending re-subscriptions included', () => {
    const s = new SeqTracker();
    s.observe('wallet', 4);
    s.observe('copytrade.order', 2);
    s.restart('copytrade.order');
    const c = s.clone();
    expect(s.observe('wallet', 5)).toBe('ok');
    expect(c.lastSeq('wallet')).toBe(4);
    expect(c.observe('wallet', 6)).toBe('gap');
    // the clone keeps the restart: numbering from 1 again, or carrying on, is continuous
    expect(c.observe('copytrade.order', 1)).toBe('ok');
    expect(s.observe('copytrade.order', 3)).toBe('ok');
    expect(s.lastSeq('copytrade.order')).toBe(3);
    expect(c.lastSeq('copytrade.order')).toBe(1);
  });
});
