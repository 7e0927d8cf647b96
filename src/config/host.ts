/**
 * Host configuration: pure functions from the page location to region, environment, service
 * hosts and the names of cookies and storage keys. Every host name comes from DOMAIN_TABLE.
 */
import {
  DEFAULT_PRODUCT_ID,
  DOMAIN_TABLE,
  ENVIRONMENTS,
  GLOBAL_DOMAINS,
  LANG_COOKIE_NAME,
  PRIVATE_WS_PATH,
  PRODUCTION_ENVS,
  PROXY_PREFIX,
  PUBLIC_WS_PATH,
  SESSION_COOKIE_PREFIX,
  STATIC_HOST,
  WS_PROXY_PREFIX,
  type EnvName,
  type Region,
  type RegionDomains,
} from './domains';

export interface HostLocation {
  hostname: string;
  /** e.g. "http://127.0.0.1:5173"; may be missing or "null" (then rebuilt from the parts). */
  origin?: string;
  /** "http:" or "https:" */
  protocol?: string;
  port?: string;
}

export interface HostConfig {
  /** The normalised host name the config was derived from ('' when unusable). */
  hostname: string;
  region: Region;
  env: EnvName;
  /** Not a production environment (no real money). */
  isTestnet: boolean;
  /** Served from this machine: every service goes through the page origin. */
  isLocal: boolean;
  /** REST base: requests go to `${apiBase}${path}`. */
  apiBase: string;
  publicWsUrl: string;
  privateWsUrl: string;
  chatBase: string;
  staticHost: string;
  proxyPrefix: string;
  defaultLanguage: string;
  sessionCookieName: string;
  langStorageKey: string;
  langCookieName: string;
}

const ENV_SET: ReadonlySet<string> = new Set(ENVIRONMENTS);
// Longest first, so that "bybit.com.hk" is never mistaken for a sub-domain of something shorter.
const SITE_DOMAINS: readonly [string, RegionDomains][] = DOMAIN_TABLE.flatMap((row) =>
  row.siteDomains.map((d): [string, RegionDomains] => [d, row]),
).sort((a, b) => b[0].length - a[0].length);

const HOST_CHARS = /^[a-z0-9.-]+$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Lower-cases and trims a host name, drops a port, IPv6 brackets and trailing dots.
 * Returns '' for anything that is not a plausible host name.
 */
export function normaliseHostname(input: string): string {
  let h = String(input ?? '')
    .trim()
    .toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end > 0 ? h.slice(1, end) : '';
  }
  const colons = (h.match(/:/g) ?? []).length;
  if (colons === 1) h = h.slice(0, h.indexOf(':'));
  else if (colons > 1) return h === '::1' ? h : ''; // bare IPv6: only loopback is meaningful here
  h = h.replace(/\.+$/, '');
  return HOST_CHARS.test(h) && !h.startsWith('.') && !h.includes('..') ? h : '';
}

/** True for loopback hosts: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const h = normaliseHostname(hostname);
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  return IPV4.test(h) && h.startsWith('127.');
}

/** The region whose site domain the host belongs to; unknown hosts give the global row. */
function regionDomainsOf(hostname: string): RegionDomains {
  const h = normaliseHostname(hostname);
  for (const [domain, row] of SITE_DOMAINS) {
    if (h === domain || h.endsWith(`.${domain}`)) return row;
  }
  return GLOBAL_DOMAINS;
}

function isKnownSite(h: string): boolean {
  return SITE_DOMAINS.some(([d]) => h === d || h.endsWith(`.${d}`));
}

/** The environment: from the first label of a known site host; loopback is testnet. */
export function envOf(hostname: string): EnvName {
  const h = normaliseHostname(hostname);
  if (isLoopbackHost(h)) return 'testnet';
  if (!isKnownSite(h)) return 'www';
  const label = h.slice(0, h.indexOf('.'));
  return ENV_SET.has(label) ? (label as EnvName) : 'www';
}

/** Cookie that carries the session: `secure-token`, suffixed with `-<env>` off production. */
export function sessionCookieName(env: EnvName): string {
  return PRODUCTION_ENVS.has(env) ? SESSION_COOKIE_PREFIX : `${SESSION_COOKIE_PREFIX}-${env}`;
}

/** Local-storage key of the chosen language. */
export function langStorageKey(productId: string = DEFAULT_PRODUCT_ID): string {
  return `${productId}_LANG_KEY`;
}

/** Suffix of non-production hosts: testnet and m-testnet share `-testnet`. */
function hostSuffix(env: EnvName): string {
  if (PRODUCTION_ENVS.has(env)) return '';
  return env === 'm-testnet' ? '-testnet' : `-${env}`;
}

function pageOrigin(loc: HostLocation, hostname: string): { http: string; ws: string } {
  const secure = loc.protocol === 'https:' || (loc.origin ?? '').startsWith('https:');
  let origin = loc.origin && loc.origin !== 'null' ? loc.origin.replace(/\/+$/, '') : '';
  if (!origin) {
    const host = hostname.includes(':') ? `[${hostname}]` : hostname;
    origin = `${secure ? 'https' : 'http'}://${host}${loc.port ? `:${loc.port}` : ''}`;
  }
  return { http: origin, ws: origin.replace(/^http(s?):/, 'ws$1:') };
}

/** The whole host configuration for a page location (pure). */
export function resolveHostConfig(
  location: HostLocation,
  productId: string = DEFAULT_PRODUCT_ID,
): HostConfig {
  const hostname = normaliseHostname(location.hostname);
  const isLocal = isLoopbackHost(hostname);
  const row = isLocal ? GLOBAL_DOMAINS : regionDomainsOf(hostname);
  const env = envOf(hostname);
  const isTestnet = !PRODUCTION_ENVS.has(env);
  const common = {
    hostname,
    region: row.region,
    env,
    isTestnet,
    isLocal,
    proxyPrefix: PROXY_PREFIX,
    defaultLanguage: row.defaultLanguage,
    sessionCookieName: sessionCookieName(env),
    langStorageKey: langStorageKey(productId),
    langCookieName: LANG_COOKIE_NAME,
  };
  if (isLocal) {
    const origin = pageOrigin(location, hostname);
    return {
      ...common,
      apiBase: `${origin.http}${PROXY_PREFIX}`,
      publicWsUrl: `${origin.ws}${WS_PROXY_PREFIX}${PUBLIC_WS_PATH}`,
      privateWsUrl: `${origin.ws}${WS_PROXY_PREFIX}${PRIVATE_WS_PATH}`,
      chatBase: `${origin.http}/chat`,
      staticHost: origin.http,
    };
  }
  const suffix = hostSuffix(env);
  const apiDomain = isTestnet ? row.testnetDomain : row.apiDomain;
  const streamDomain = isTestnet ? row.testnetDomain : row.streamDomain;
  const stream = `wss://stream${suffix}.${streamDomain}`;
  return {
    ...common,
    apiBase: `https://api2${suffix}.${apiDomain}`,
    publicWsUrl: `${stream}${PUBLIC_WS_PATH}`,
    privateWsUrl: `${stream}${PRIVATE_WS_PATH}`,
    chatBase: `https://chat${suffix}.${apiDomain}`,
    staticHost: STATIC_HOST,
  };
}

/** Location used where there is no window (Node tools, tests): loopback, never production. */
const NODE_LOCATION: HostLocation = {
  hostname: '127.0.0.1',
  origin: 'http://127.0.0.1',
  protocol: 'http:',
};

/** The host configuration of the current page (`window.location`), or of NODE_LOCATION. */
export function currentHostConfig(productId?: string): HostConfig {
  const loc = typeof window !== 'undefined' ? window.location : undefined;
  return resolveHostConfig(
    loc && typeof loc.hostname === 'string' ? loc : NODE_LOCATION,
    productId,
  );
}
