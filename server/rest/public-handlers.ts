/** Public configuration calls and the monitoring collector. */
import type { BannerConfig, BannerQuery, CollectBody, WebConfig } from '../../src/api/types';
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

const BANNERS: BannerConfig = {
  list: [
    {
      id: 'b-copytrade-2024',
      title: 'Copy the best traders',
      link: '/copytrade',
      placement: 'assets-top',
    },
    { id: 'b-earn-usdt', title: 'Earn up to 8 % on USDT', link: '/earn', placement: 'assets-top' },
    { id: 'b-card', title: 'Spend crypto with the card', link: '/card', placement: 'assets-side' },
  ],
};

/** The banners of one placement, or all of them. */
function bannersFor(placement: string | undefined): BannerConfig {
  return placement === undefined
    ? BANNERS
    : { list: BANNERS.list.filter((b) => b.placement === placement) };
}

export const PUBLIC_HANDLERS = {
  webConfig: { handle: () => WEB_CONFIG },
  bannerConfig: {
    schema: { body: bannerBody },
    handle: (c) => bannersFor(body<BannerQuery | undefined>(c.req)?.placement),
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
