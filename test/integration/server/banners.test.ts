/**
 * The operator's announcements (docs/simulator.md, admin endpoint): a banner put up on the
 * 'global_popup' placement is what `POST /v3/config/banner` serves the dashboard's shell, which
 * shows it once per user; it can be replaced and taken down, the list is bounded, and the
 * standing banners of the assets screens stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BannerConfig } from '@src/api/types';
import type { Simulator } from '@server/simulator';
import { MAX_BANNERS } from '@server/rest/banners';
import { HttpClient, startTestSim } from './helpers';

interface Env<T> {
  ret_code: number;
  result: T;
}

describe('banners an operator puts up', () => {
  let sim: Simulator;
  let admin: HttpClient;
  let user: HttpClient;
  const popups = async () =>
    (await user.post<Env<BannerConfig>>('/v3/config/banner', { placement: 'global_popup' })).body
      .result.list;

  beforeAll(async () => {
    sim = await startTestSim();
    admin = new HttpClient(sim.url);
    user = new HttpClient(sim.url);
    await user.login('follower');
  });
  afterAll(() => sim.stop());

  it('serves a global popup once it is put up, replaced by id, and gone once taken down', async () => {
    expect(await popups()).toEqual([]);
    const up = await admin.post('/__admin/banners', {
      id: 'maintenance',
      title: 'Maintenance at 02:00 UTC',
      link: '/news',
      placement: 'global_popup',
    });
    expect(up.status).toBe(200);
    expect(await popups()).toEqual([
      {
        id: 'maintenance',
        title: 'Maintenance at 02:00 UTC',
        link: '/news',
        placement: 'global_popup',
      },
    ]);
    await admin.post('/__admin/banners', {
      id: 'maintenance',
      title: 'Maintenance moved to 03:00 UTC',
      placement: 'global_popup',
    });
    expect(await popups()).toEqual([
      {
        id: 'maintenance',
        title: 'Maintenance moved to 03:00 UTC',
        link: '',
        placement: 'global_popup',
      },
    ]);
    expect((await admin.request('DELETE', '/__admin/banners/maintenance')).status).toBe(200);
    expect(await popups()).toEqual([]);
    expect((await admin.request('DELETE', '/__admin/banners/maintenance')).status).toBe(404);
    // the standing banners of the assets screens were never touched
    const top = await user.post<Env<BannerConfig>>('/v3/config/banner', {
      placement: 'assets-top',
    });
    expect(top.body.result.list.map((b) => b.id)).toEqual(['b-copytrade-2024', 'b-earn-usdt']);
  });

  it('refuses malformed banners and holds at most MAX_BANNERS', async () => {
    for (const bad of [
      { title: 'no id', placement: 'global_popup' },
      { id: 'x', title: '', placement: 'global_popup' },
      { id: 'has space', title: 't', placement: 'global_popup' },
      { id: 'x', title: 't', placement: 'global_popup', extra: 1 },
    ]) {
      expect((await admin.post('/__admin/banners', bad)).status).toBe(400);
    }
    const all = async () =>
      (await user.post<Env<BannerConfig>>('/v3/config/banner', {})).body.result.list.length;
    let put = 0;
    for (let i = 0; (await all()) < MAX_BANNERS; i++) {
      const r = await admin.post('/__admin/banners', {
        id: `n${i}`,
        title: 't',
        placement: 'news',
      });
      expect(r.status).toBe(200);
      put++;
    }
    expect(put).toBeGreaterThan(0);
    const over = await admin.post('/__admin/banners', {
      id: 'one-more',
      title: 't',
      placement: 'news',
    });
    expect(over.status).toBe(409);
    expect(await all()).toBe(MAX_BANNERS);
  });
});
