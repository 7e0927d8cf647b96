/** Public configuration calls and the monitoring collector. */
import type { BannerConfig, CollectBody, WebConfig } from '../../src/api/types';
import { collectBody } from './schemas';
import { body, type HandlerTable } from './table';

/** Events the collector keeps (the oldest are forgotten first). */
export const COLLECT_CAPACITY = 1000;

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

export const PUBLIC_HANDLERS = {
  webConfig: { handle: () => WEB_CONFIG },
  bannerConfig: { handle: () => BANNERS },
  collect: {
    schema: { body: collectBody },
    handle(c) {
      const { events } = body<CollectBody>(c.req);
      c.sim.collected.push(...events);
      return { accepted: events.length };
    },
  },
} satisfies Partial<HandlerTable>;
