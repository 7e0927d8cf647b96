/** Starting and stopping: a taken port, a clean stop that closes everything, stop twice. */
import { describe, expect, it, vi } from 'vitest';
import { startSimulator } from '@server/simulator';
import { HttpClient, privateSession, startTestSim, WsClient } from './helpers';

describe('simulator lifecycle', () => {
  it('refuses a port in use, leaving nothing running', async () => {
    const first = await startSimulator({ port: 0 });
    try {
      await expect(startSimulator({ port: first.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.stop();
    }
  });

  it('stop closes streams with 1001, cuts hanging requests, and can be called twice', async () => {
    const sim = await startTestSim();
    try {
      const pub = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
      const { ws } = await privateSession(sim, 'trader', ['wallet']);
      const http = new HttpClient(sim.url);
      await http.post('/__admin/faults/rest', {
        path: '/v3/config/web',
        mode: 'hang',
      });
      const hanging = fetch(`${sim.url}/v3/config/web`, { method: 'POST' }).then(
        () => 'answered',
        () => 'cut',
      );
      // The fault is taken when the request arrives: it is hanging from then on.
      await vi.waitFor(() => expect(sim.sim.restFaults.list()).toEqual([]));
      await Promise.all([sim.stop(), sim.stop()]);
      expect((await pub.closed).code).toBe(1001);
      expect((await ws.closed).code).toBe(1001);
      expect(await hanging).toBe('cut');
      await expect(fetch(`${sim.url}/v5/market/time`)).rejects.toThrow();
    } finally {
      await sim.stop();
    }
  });

  it('validates its options', async () => {
    await expect(startSimulator({ port: 0, tickMs: 0 })).rejects.toThrow(/tickMs/);
    await expect(startSimulator({ port: 0, seed: 1.5 })).rejects.toThrow(/seed/);
  });

  it('runs simulated time faster with speed, but protocol timers on the wall', async () => {
    // Long enough that a busy machine's delays cannot reach it (a 10 s timeout was reached under
    // a load of 20 before the check ran), short enough to wait 1.5 x of it simulated: 1.8 s.
    const idleMs = 60_000;
    const sim = await startSimulator({ port: 0, speed: 50, idleTimeoutMs: idleMs });
    try {
      const http = new HttpClient(sim.url);
      await http.login('trader');
      const before = Date.now();
      const ott = await http.post<{ result: { expiresAtE3: string } }>('/user/private/ott');
      const after = Date.now();
      // 60 s of wall time from when the server issued it, however fast simulated time runs. (The
      // server's wall clock may read up to 1 ms behind Date.now(): it adds elapsed ms to a start.)
      const expiresAt = Number(ott.body.result.expiresAtE3);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 60_000 - 1);
      expect(expiresAt).toBeLessThanOrEqual(after + 60_000);
      // The socket opens after the slow sign-in, so its idle timer starts now.
      const ws = await WsClient.open(`${sim.wsUrl}/v5/public/linear`);
      const simStart = sim.clock.now();
      // Wait until more simulated time than the idle timeout has passed (1.5 x, at 50 x that
      // is 1.8 s of wall time): the connection is still open, its timeout runs on the wall.
      await vi.waitFor(() => expect(sim.clock.now() - simStart).toBeGreaterThan(idleMs * 1.5), {
        timeout: 30_000,
        interval: 20,
      });
      expect(ws.socket.readyState).toBe(ws.socket.OPEN);
      await ws.close();
    } finally {
      await sim.stop();
    }
  });
});
