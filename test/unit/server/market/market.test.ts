import { describe, expect, it } from 'vitest';
import { Rng } from '@server/lib/rng';
import { parseFixed } from '@server/lib/fixed';
import { INSTRUMENTS } from '@server/market/instruments';
import { FUNDING_INTERVAL_MS, Market, type FundingEvent } from '@server/market/market';

const START = 1_732_150_000_000;

function run(seed: number, steps: number, tickMs = 100) {
  const m = new Market(new Rng(seed, 1), START, tickMs);
  const out: string[] = [];
  for (let i = 1; i <= steps; i++) out.push(JSON.stringify(m.step(START + i * tickMs)));
  return { m, out };
}

describe('Market', () => {
  it('has about twenty linear USDT perpetuals including the wallet coins', () => {
    for (const s of ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'EOSUSDT', 'SOLUSDT']) {
      expect(INSTRUMENTS.some((i) => i.symbol === s)).toBe(true);
    }
  });

  it('is deterministic: same seed, same deltas; another seed, others', () => {
    expect(run(3, 200).out).toEqual(run(3, 200).out);
    expect(run(4, 20).out).not.toEqual(run(3, 20).out);
  });

  it('keeps every price on its tick grid, positive, with bid below ask', () => {
    const { m } = run(5, 3000);
    for (const inst of INSTRUMENTS) {
      const t = m.ticker(inst.symbol);
      for (const k of [
        'lastPrice',
        'markPrice',
        'indexPrice',
        'bid1Price',
        'ask1Price',
        'highPrice24h',
        'lowPrice24h',
        'prevPrice24h',
        'prevPrice1h',
      ]) {
        const v = t[k] as string;
        expect(v.split('.')[1]?.length ?? 0).toBe(inst.priceScale);
        const n = parseFixed(v, inst.priceScale);
        expect(n > 0n).toBe(true);
        expect(n % inst.tickUnits).toBe(0n);
      }
      expect(
        parseFixed(t.bid1Price as string, inst.priceScale) <
          parseFixed(t.ask1Price as string, inst.priceScale),
      ).toBe(true);
      expect(
        parseFixed(t.lowPrice24h as string, inst.priceScale) <=
          parseFixed(t.lastPrice as string, inst.priceScale),
      ).toBe(true);
    }
  });

  it('sends only changed fields, and snapshot plus deltas equal the current ticker', () => {
    const m = new Market(new Rng(8, 1), START, 100);
    const state = { ...m.ticker('ETHUSDT') };
    for (let i = 1; i <= 500; i++) {
      for (const d of m.step(START + i * 100)) {
        if (d.symbol !== 'ETHUSDT') continue;
        for (const [k, v] of Object.entries(d.data))
          if (k !== 'symbol') expect(state[k]).not.toBe(v);
        Object.assign(state, d.data);
      }
    }
    expect(state).toEqual({ ...m.ticker('ETHUSDT') });
  });

  it('rolls the 24 h window by the hour and settles funding every 8 hours', () => {
    const m = new Market(new Rng(2, 1), START, 10_000);
    const events: FundingEvent[] = [];
    const prev24 = m.ticker('BTCUSDT').prevPrice24h;
    const nextFunding = Number(m.ticker('BTCUSDT').nextFundingTime);
    expect(nextFunding % FUNDING_INTERVAL_MS).toBe(0);
    for (let t = START + 10_000; t <= START + 9 * 3_600_000; t += 10_000)
      m.step(t, (e) => events.push(e));
    expect(m.ticker('BTCUSDT').prevPrice24h).not.toBe(prev24);
    expect(events.filter((e) => e.symbol === 'BTCUSDT').map((e) => e.at)).toEqual([nextFunding]);
    expect(Number(m.ticker('BTCUSDT').nextFundingTime)).toBe(nextFunding + FUNDING_INTERVAL_MS);
    expect(Math.abs(Number(m.ticker('BTCUSDT').fundingRate))).toBeLessThanOrEqual(0.005);
  });

  it('trades about the same volume per second whatever the tick rate', () => {
    const volumeAfter = (tickMs: number) => {
      const m = new Market(new Rng(6, 1), START, tickMs);
      const v0 = Number(m.ticker('BTCUSDT').volume24h);
      // 20 simulated seconds: 5 000 steps at 4 ms (a minute was 3 s of CPU here, for the same bound)
      for (let t = tickMs; t <= 20_000; t += tickMs) m.step(START + t);
      return Number(m.ticker('BTCUSDT').volume24h) - v0;
    };
    const ratio = volumeAfter(4) / volumeAfter(100);
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
  });
});
