/**
 * The admin endpoint (only with `--admin`, only for callers on this machine: operator-guard.ts):
 * fault controls, the truth of a user's state, the manual clock, what the collector received and
 * deposits arriving on a chain.
 * Documented in docs/simulator.md.
 */
import type { FastifyInstance } from 'fastify';
import { isPrivateTopic, type StreamName } from '../../src/wire/protocol';
import { after, ManualClock } from '../clock';
import type { Sim } from '../sim';
import { sendTickerSnapshot } from '../ws/streams';
import type { ConnFilter } from '../ws/hub';
import { MAX_BANNERS } from '../rest/banners';
import { Advancer } from './advance';
import { guardOperatorScope } from './operator-guard';
import * as S from './schemas';
import { snapshotItems, truthOf } from './truth';

export const ADMIN_PREFIX = '/__admin';

const MALFORMED: Record<'truncated' | 'not-json' | 'bad-shape', Record<StreamName, string>> = {
  truncated: {
    public: '{"topic":"tickers.BTCUSDT","type":"delta","ts":',
    private: '{"id":"malformed","topic":"wallet","type":"delta","seq":',
  },
  'not-json': { public: 'not json at all', private: 'not json at all' },
  'bad-shape': {
    public: '{"topic":"tickers.BTCUSDT","type":"delta","ts":"soon","data":{"symbol":"BTCUSDT"}}',
    private:
      '{"id":"malformed","topic":"wallet","type":"delta","seq":1,"creationTime":0,"data":[{"coin":"BTC","walletBalanceE8":1.5}]}',
  },
};

type Body = Record<string, unknown> & ConnFilter;

const filterOf = (b: Body): ConnFilter => ({ stream: b.stream, userId: b.userId });

export function registerAdminRoutes(app: FastifyInstance, sim: Sim): void {
  const resync = (conn: Parameters<typeof sendTickerSnapshot>[1], topic: string) =>
    sendTickerSnapshot(sim, conn, topic);

  app.register(
    async (admin) => {
      // No page of its own: a script in the dashboard served with --app may not drive it.
      guardOperatorScope(admin, ADMIN_PREFIX, { browsers: false });
      const post = (name: string, schema: object, fn: (b: Body) => unknown) =>
        admin.post(`/faults/${name}`, { schema: { body: schema } }, (req) => {
          const affected = fn((req.body ?? {}) as Body);
          return { ok: true, affected };
        });

      admin.get('/truth/:userId', { schema: { params: S.userParam } }, (req, reply) => {
        const userId = Number((req.params as { userId: string }).userId);
        if (!sim.engine.has(userId)) return reply.code(404).send({ error: `no account ${userId}` });
        return truthOf(sim, userId);
      });

      post('drop', S.filter, (b) => sim.hub.drop(filterOf(b)));
      post('half-open', S.filter, (b) => sim.hub.halfOpen(filterOf(b)));
      post('block', S.block, (b) => sim.hub.block(b.stream));
      post('pause', S.pause, (b) => {
        const topic = b.topic as string;
        sim.hub.pause({ topic, mode: (b.mode as 'hold' | 'drop') ?? 'hold', ...filterOf(b) });
        if (typeof b.durationMs === 'number') {
          after(sim.wall, b.durationMs, () =>
            sim.hub.resume({ topic, ...filterOf(b) }, true, resync),
          );
        }
        return sim.hub.connections(filterOf(b)).length;
      });
      post('resume', S.resume, (b) =>
        sim.hub.resume({ topic: b.topic as string | undefined, ...filterOf(b) }, true, resync),
      );
      post('skip-seq', S.skipSeq, (b) =>
        sim.hub.skipSeq(
          b.topic as string | undefined,
          (b.count as number | undefined) ?? 1,
          filterOf(b),
        ),
      );
      post('malformed', S.malformed, (b) => {
        const kind = (b.kind as keyof typeof MALFORMED | undefined) ?? 'truncated';
        let n = 0;
        for (const stream of ['public', 'private'] as const) {
          if (b.stream !== undefined && b.stream !== stream) continue;
          n += sim.hub.malformed((b.text as string | undefined) ?? MALFORMED[kind][stream], {
            ...filterOf(b),
            stream,
          });
        }
        return n;
      });
      post('delay', S.delay, (b) => {
        const rule = { ms: b.ms as number, ...filterOf(b) };
        sim.hub.setDelay(rule);
        if (typeof b.durationMs === 'number')
          after(sim.wall, b.durationMs, () => sim.hub.setDelay(null));
        return sim.hub.connections(filterOf(b)).length;
      });
      post('reject-token', S.count, (b) => {
        sim.auth.rejectNextTokens += (b.count as number | undefined) ?? 1;
        return sim.auth.rejectNextTokens;
      });
      post('restart', S.empty, () => sim.hub.restart());
      post('rest', S.rest, (b) => {
        const path = (b.path as string).replace(/^\/api(?=\/)/, '').split('?')[0] as string;
        sim.restFaults.add({
          path,
          remaining: (b.count as number | undefined) ?? 1,
          mode: (b.mode as 'error' | 'hang' | 'delay' | undefined) ?? 'error',
          status: (b.status as number | undefined) ?? 503,
          delayMs: (b.delayMs as number | undefined) ?? 0,
        });
        return sim.restFaults.list().length;
      });
      post('snapshot', S.snapshot, (b) => {
        const userId = b.userId as number;
        if (!sim.engine.has(userId)) return 0;
        const l = sim.engine.ledger(userId);
        let n = 0;
        for (const c of sim.hub.connections({ stream: 'private', userId })) {
          for (const topic of c.topics) {
            if (!isPrivateTopic(topic) || (b.topic !== undefined && b.topic !== topic)) continue;
            sim.hub.sendPrivate(c, topic, 'snapshot', snapshotItems(l, topic));
            n++;
          }
        }
        return n;
      });
      post('clear', S.empty, () => {
        sim.hub.clearFaults(resync);
        sim.auth.rejectNextTokens = 0;
        sim.restFaults.clear();
        sim.restFaults.releaseAll();
        return 0;
      });

      // A deposit arriving on a chain: pending at once, credited after its confirmations.
      admin.post('/deposit', { schema: { body: S.deposit } }, (req, reply) => {
        const b = req.body as { userId: number; coin: string; chain: string; amount: string };
        const out = sim.assets.deliverDeposit(b.userId, b.coin, b.chain, b.amount);
        if (typeof out === 'string') {
          return reply.code(sim.assets.has(b.userId) ? 400 : 404).send({ error: out });
        }
        return { ok: true, deposit: out };
      });

      // Announcements: put up (or replace by id) and take down a banner of the banner config.
      admin.post('/banners', { schema: { body: S.banner } }, (req, reply) => {
        const b = req.body as { id: string; title: string; link?: string; placement: string };
        if (!sim.banners.put({ ...b, link: b.link ?? '' })) {
          return reply.code(409).send({ error: `at most ${MAX_BANNERS} banners` });
        }
        return { ok: true, banners: sim.banners.of().list };
      });
      admin.delete('/banners/:id', { schema: { params: S.bannerParam } }, (req, reply) => {
        const { id } = req.params as { id: string };
        if (!sim.banners.remove(id)) return reply.code(404).send({ error: `no banner ${id}` });
        return { ok: true, banners: sim.banners.of().list };
      });

      const advancer = sim.clock instanceof ManualClock ? new Advancer(sim.clock) : undefined;
      admin.post('/clock/advance', { schema: { body: S.advance } }, async (req, reply) => {
        if (!advancer) return reply.code(409).send({ error: 'the clock is real' });
        const now = await advancer.advance((req.body as { ms: number }).ms);
        return { ok: true, now };
      });
      admin.get('/status', () => ({
        clock: sim.clock.kind,
        now: sim.clock.now(),
        connections: sim.hub.connections().map((c) => ({
          connId: c.id,
          stream: c.stream,
          userId: c.userId ?? null,
          authed: c.authed,
          topics: [...c.topics],
          halfOpen: c.halfOpen,
        })),
        restFaults: sim.restFaults.list(),
        rejectNextTokens: sim.auth.rejectNextTokens,
      }));
      admin.get('/collect', () => ({
        events: sim.collected.list(),
        dropped: sim.collected.droppedCount,
      }));
    },
    { prefix: ADMIN_PREFIX },
  );
}
