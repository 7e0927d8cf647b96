/** Public configuration calls and the monitoring collector. */
import type { BannerQuery, CollectBody, WebConfig } from '../../src/api/types';
import { paramError } from './envelope';
import { bannerBody, collectBody } from './schemas';
import { body, type HandlerTable } from './table';

/** Events the collector keeps (the oldest are forgotten first). */
export const COLLECT_CAPACITY = 1000;
/** One event, serialised, at most (the ring then holds at most about 8 MB). */
const COLLECT_EVENT_BYTES = 8 * 1024;
/** One batch, serialised, at most (the client posts 20 events a batch). */
const COLLECT_BATCH_BYTES = 160 * 1024;

const WEB_CONFIG: WebConfig = {
  deadpool: {
    copyTrade: true,
    earn: true,
    card: true,
    mt4: true,
    mt5: true,
    options: true,
    fiatDeposit: true,
    referral: false,
  },
  maintenance: false,
};

export const PUBLIC_HANDLERS = {
  webConfig: { handle: () => WEB_CONFIG },
  bannerConfig: {
    schema: { body: bannerBody },
    handle: (c) => c.sim.banners.of(body<BannerQuery | undefined>(c.req)?.placement),
  },
  collect: {
    schema: { body: collectBody },
    handle(c) {
      const { events } = body<CollectBody>(c.req);
      // The collector needs no session: whatever it keeps must be small.
      let total = 0;
      events.forEach((e, i) => {
        const bytes = Buffer.byteLength(JSON.stringify(e), 'utf8');
        if (bytes > COLLECT_EVENT_BYTES)
          throw paramError(`events.${i}`, `is over ${COLLECT_EVENT_BYTES} bytes`);
        total += bytes;
      });
      if (total > COLLECT_BATCH_BYTES)
        throw paramError('events', `are over ${COLLECT_BATCH_BYTES} bytes in all`);
      c.sim.collected.push(...events);
      return { accepted: events.length };
    },
  },
} satisfies Partial<HandlerTable>;
