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
/** Objects and arrays inside one another in an event, at most (the client's are 3-4 deep). */
const COLLECT_EVENT_DEPTH = 32;

/**
 * How deep the objects and arrays of a JSON text go, read without recursion: a body nested
 * 100 000 deep parses (JSON.parse does not recurse) but would overflow anything that walks it.
 */
function jsonDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

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
        let json: string;
        try {
          json = JSON.stringify(e);
        } catch {
          // JSON.stringify recurses: a deep enough event overflows its stack (a RangeError).
          throw paramError(`events.${i}`, `is nested over ${COLLECT_EVENT_DEPTH} levels`);
        }
        const bytes = Buffer.byteLength(json, 'utf8');
        if (bytes > COLLECT_EVENT_BYTES)
          throw paramError(`events.${i}`, `is over ${COLLECT_EVENT_BYTES} bytes`);
        // The event itself is one level: its `data` may nest COLLECT_EVENT_DEPTH - 1 more.
        if (jsonDepth(json) > COLLECT_EVENT_DEPTH)
          throw paramError(`events.${i}`, `is nested over ${COLLECT_EVENT_DEPTH} levels`);
        total += bytes;
      });
      if (total > COLLECT_BATCH_BYTES)
        throw paramError('events', `are over ${COLLECT_BATCH_BYTES} bytes in all`);
      c.sim.collected.push(...events);
      return { accepted: events.length };
    },
  },
} satisfies Partial<HandlerTable>;
