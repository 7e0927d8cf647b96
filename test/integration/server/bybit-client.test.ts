/**
 * An unmodified third-party Bybit V5 client (bybit-api from npm) against the simulator, with only
 * its URLs pointed here: it loads the markets over REST and receives tickers over the stream.
 * A real clock with a fast tick, since the library keeps its own timers.
 */
import { RestClientV5, WebsocketClient } from 'bybit-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { startSimulator } from '@server/simulator';

/** The library's logger, silenced (it logs every reconnect attempt at info level). */
const quiet = { trace: () => undefined, info: () => undefined, error: () => undefined };

describe('bybit-api (third-party Bybit V5 client)', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, tickMs: 20 });
  });
  afterAll(() => sim.stop());

  it('loads markets and tickers over REST', async () => {
    const rest = new RestClientV5({ baseUrl: sim.url });
    const time = await rest.getServerTime();
    expect(time.retCode).toBe(0);
    const instruments = await rest.getInstrumentsInfo({ category: 'linear' });
    expect(instruments.retCode).toBe(0);
    const symbols = instruments.result.list.map((i) => i.symbol);
    expect(symbols).toContain('BTCUSDT');
    expect(symbols.length).toBe(20);
    const btc = instruments.result.list.find((i) => i.symbol === 'BTCUSDT');
    expect(btc?.lotSizeFilter.qtyStep).toBe('0.001');
    const tickers = await rest.getTickers({ category: 'linear', symbol: 'ETHUSDT' });
    expect(tickers.retCode).toBe(0);
    expect(tickers.result.list[0]?.symbol).toBe('ETHUSDT');
    expect(Number(tickers.result.list[0]?.lastPrice)).toBeGreaterThan(0);
    const spot = await rest.getInstrumentsInfo({ category: 'spot' });
    expect(spot.result.list).toEqual([]);
  });

  it('subscribes to tickers and receives a snapshot, then deltas', async () => {
    const ws = new WebsocketClient({ wsUrl: `${sim.wsUrl}/v5/public/linear`, market: 'v5' }, quiet);
    const updates: { topic: string; type: string; data: { symbol: string } }[] = [];
    const responses: { success?: boolean; op?: string }[] = [];
    ws.on('update', (u: { topic: string; type: string; data: { symbol: string } }) =>
      updates.push(u),
    );
    ws.on('response', (r: { success?: boolean; op?: string }) => responses.push(r));
    try {
      await Promise.all(ws.subscribeV5(['tickers.BTCUSDT', 'tickers.SOLUSDT'], 'linear'));
      await new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`only ${updates.length} updates`)),
          30_000,
        );
        const poll = setInterval(() => {
          const deltas = updates.filter((u) => u.type === 'delta');
          if (
            deltas.some((u) => u.data.symbol === 'BTCUSDT') &&
            deltas.some((u) => u.data.symbol === 'SOLUSDT')
          ) {
            clearInterval(poll);
            clearTimeout(deadline);
            resolve();
          }
        }, 20);
      });
    } finally {
      ws.closeAll(true);
    }
    const btc = updates.filter((u) => u.topic === 'tickers.BTCUSDT');
    expect(btc[0]?.type).toBe('snapshot');
    expect(btc.slice(1).every((u) => u.type === 'delta')).toBe(true);
    expect(responses.some((r) => r.op === 'subscribe' && r.success === true)).toBe(true);
  });
});
