/** Starting and stopping: a taken port, a clean stop that closes everything, stop twice. */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/simulator';
import { HttpClient, privateSession, startTestSim, WsClient } from './helpers';

describe('simulator lifecycle', () => {
  it('refuses a port in use, leaving nothing running', async () => {
    const first = await startSimulator({ port: 0 });
    await expect(startSimulator({ port: first.port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    await first.stop();
  });

  it('stop closes streams with 1001, cuts hanging requests, and can be called twice', async () => {
    const sim = await startTestSim();
    const pub = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
    const { ws } = await privateSession(sim, 'trader', ['wallet']);
    const http = new HttpClient(sim.url);
    await http.post('/__admin/faults/rest', {
      path: '/v3/public/deadpool/web-config',
      mode: 'hang',
    });
    const hanging = fetch(`${sim.url}/v3/public/deadpool/web-config`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 50));
    await Promise.all([sim.stop(), sim.stop()]);
    expect((await pub.closed).code).toBe(1001);
    expect((await ws.closed).code).toBe(1001);
    expect(await hanging).toBe('cut');
    await expect(fetch(`${sim.url}/v5/market/time`)).rejects.toThrow();
  });

  it('validates its options', async () => {
    await expect(startSimulator({ port: 0, tickMs: 0 })).rejects.toThrow(/tickMs/);
    await expect(startSimulator({ port: 0, seed: 1.5 })).rejects.toThrow(/seed/);
  });

  it('runs simulated time faster with speed, but protocol timers on the wall', async () => {
    const sim = await startSimulator({ port: 0, speed: 50, idleTimeoutMs: 2_000 });
    try {
      const simStart = sim.clock.now();
      const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
      const http = new HttpClient(sim.url);
      await http.login('trader');
      const ott = await http.post<{ result: { expiresAtE3: string } }>('/user/private/ott');
      const ttl = Number(ott.body.result.expiresAtE3) - Date.now();
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      await new Promise((r) => setTimeout(r, 300));
      // 300 ms of wall time is 15 s simulated: far past the 2 s idle timeout if it were simulated.
      expect(sim.clock.now() - simStart).toBeGreaterThan(5_000);
      expect(ws.socket.readyState).toBe(ws.socket.OPEN);
      await ws.close();
    } finally {
      await sim.stop();
    }
  });
});
