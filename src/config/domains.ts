/**
 * THE domain table: every host name of every region is derived from these rows (host.ts).
 * Production hosts are only ever derived here, never contacted by the project: on localhost
 * everything goes through the page origin and the simulator stands in for all of them.
 *
 * Sources: the site domains of Bybit's regional entities, and the regional REST/stream routing
 * of the `bybit-api` SDK (v4.7.x, a dev dependency): Turkey moved from bybit-tr.com to bybit.tr
 * (both are recognised), Hong Kong's API runs on spark-fintech.com, and the EU, NL and UAE
 * entities share the global stream and testnet.
 */

export const REGIONS = ['GLOBAL', 'EU', 'KAZ', 'TUR', 'HKG', 'ARE', 'NLD'] as const;
export type Region = (typeof REGIONS)[number];

export interface RegionDomains {
  readonly region: Region;
  /** Site domains that select this region (a host equal to one, or ending in `.<domain>`). */
  readonly siteDomains: readonly string[];
  /** Domain of the production API and chat hosts (`api2.<d>`, `chat.<d>`). */
  readonly apiDomain: string;
  /** Domain of the production stream host (`stream.<d>`). */
  readonly streamDomain: string;
  /** Domain of the non-production hosts (`api2-testnet.<d>`, `stream-testnet.<d>`, ...). */
  readonly testnetDomain: string;
  /** Language used until the user picks one. */
  readonly defaultLanguage: string;
}

export const DOMAIN_TABLE: readonly RegionDomains[] = [
  {
    region: 'GLOBAL',
    siteDomains: ['bybit.com'],
    apiDomain: 'bybit.com',
    streamDomain: 'bybit.com',
    testnetDomain: 'bybit.com',
    defaultLanguage: 'en',
  },
  {
    region: 'EU',
    siteDomains: ['bybit.eu'],
    apiDomain: 'bybit.eu',
    streamDomain: 'bybit.com',
    testnetDomain: 'bybit.com',
    defaultLanguage: 'en',
  },
  {
    region: 'KAZ',
    siteDomains: ['bybit.kz'],
    apiDomain: 'bybit.kz',
    streamDomain: 'bybit.kz',
    testnetDomain: 'bybit.com',
    defaultLanguage: 'en',
  },
  {
    region: 'TUR',
    siteDomains: ['bybit.tr', 'bybit-tr.com'],
    apiDomain: 'bybit.tr',
    streamDomain: 'bybit.tr',
    testnetDomain: 'bybit.com',
    defaultLanguage: 'en',
  },
  {
    region: 'HKG',
    siteDomains: ['bybit.com.hk'],
    apiDomain: 'spark-fintech.com',
    streamDomain: 'spark-fintech.com',
    testnetDomain: 'spark-fintech.com',
    defaultLanguage: 'zh-HK',
  },
  {
    region: 'ARE',
    siteDomains: ['bybit.ae'],
    apiDomain: 'bybit.ae',
    streamDomain: 'bybit.com',
    testnetDomain: 'bybit.com',
    defaultLanguage: 'ar-SA',
  },
  {
    region: 'NLD',
    siteDomains: ['bybit.nl'],
    apiDomain: 'bybit.nl',
    streamDomain: 'bybit.com',
    testnetDomain: 'bybit.com',
    defaultLanguage: 'en',
  },
];

/** The row unknown hosts fall back to (global production). */
export const GLOBAL_DOMAINS: RegionDomains = DOMAIN_TABLE[0] as RegionDomains;

/** The fixed static-assets host (CDN of icons and images). */
export const STATIC_HOST = 'https://s1.bycsi.com';

/** Path prefix under which the page origin proxies the REST API (PROTOCOL.md section 1). */
export const PROXY_PREFIX = '/api';
/** Path prefix under which the page origin proxies the websockets. */
export const WS_PROXY_PREFIX = '/ws';
/** Stream paths (Bybit V5). */
export const PUBLIC_WS_PATH = '/v5/public/linear';
export const PRIVATE_WS_PATH = '/v5/private';

/** Environment names read from the host's first label. */
export const ENVIRONMENTS = ['www', 'm', 'testnet', 'm-testnet', 'dev-3', 'test-3'] as const;
export type EnvName = (typeof ENVIRONMENTS)[number];
/** Production environments: no suffix on cookie names, production hosts. */
export const PRODUCTION_ENVS: ReadonlySet<EnvName> = new Set<EnvName>(['www', 'm']);

export const SESSION_COOKIE_PREFIX = 'secure-token';
export const LANG_COOKIE_NAME = '_by_l_g_d';
export const DEFAULT_PRODUCT_ID = 'ASSETDECK';
