import { describe, expect, it } from 'vitest';
import { DOMAIN_TABLE, ENVIRONMENTS, REGIONS } from '@src/config/domains';
import {
  currentHostConfig,
  envOf,
  isLoopbackHost,
  langStorageKey,
  normaliseHostname,
  resolveHostConfig,
  sessionCookieName,
  type HostConfig,
} from '@src/config/host';

const at = (hostname: string, protocol = 'https:'): HostConfig =>
  resolveHostConfig({ hostname, protocol, origin: `${protocol}//${hostname}` });

const GLOBAL_PROD: Partial<HostConfig> = {
  region: 'GLOBAL',
  env: 'www',
  isTestnet: false,
  isLocal: false,
  apiBase: 'https://api2.bybit.com',
  publicWsUrl: 'wss://stream.bybit.com/v5/public/linear',
  privateWsUrl: 'wss://stream.bybit.com/v5/private',
  chatBase: 'https://chat.bybit.com',
  staticHost: 'https://s1.bycsi.com',
  proxyPrefix: '/api',
  defaultLanguage: 'en',
  sessionCookieName: 'secure-token',
  langStorageKey: 'ASSETDECK_LANG_KEY',
  langCookieName: '_by_l_g_d',
};

describe('regions', () => {
  it.each([
    ['www.bybit.com', 'GLOBAL', 'en', 'https://api2.bybit.com', 'wss://stream.bybit.com'],
    ['www.bybit.eu', 'EU', 'en', 'https://api2.bybit.eu', 'wss://stream.bybit.com'],
    ['www.bybit.kz', 'KAZ', 'en', 'https://api2.bybit.kz', 'wss://stream.bybit.kz'],
    ['www.bybit.tr', 'TUR', 'en', 'https://api2.bybit.tr', 'wss://stream.bybit.tr'],
    ['www.bybit-tr.com', 'TUR', 'en', 'https://api2.bybit.tr', 'wss://stream.bybit.tr'],
    [
      'www.bybit.com.hk',
      'HKG',
      'zh-HK',
      'https://api2.spark-fintech.com',
      'wss://stream.spark-fintech.com',
    ],
    ['www.bybit.ae', 'ARE', 'ar-SA', 'https://api2.bybit.ae', 'wss://stream.bybit.com'],
    ['www.bybit.nl', 'NLD', 'en', 'https://api2.bybit.nl', 'wss://stream.bybit.com'],
  ])('%s is %s, language %s, API %s', (host, region, lang, api, stream) => {
    const c = at(host);
    expect(c.region).toBe(region);
    expect(c.defaultLanguage).toBe(lang);
    expect(c.apiBase).toBe(api);
    expect(c.publicWsUrl).toBe(`${stream}/v5/public/linear`);
    expect(c.privateWsUrl).toBe(`${stream}/v5/private`);
    expect(c.env).toBe('www');
    expect(c.sessionCookieName).toBe('secure-token');
    expect(c.staticHost).toBe('https://s1.bycsi.com');
  });

  it('covers every region of the table, and the table covers every region', () => {
    expect(DOMAIN_TABLE.map((r) => r.region).sort()).toEqual([...REGIONS].sort());
    for (const row of DOMAIN_TABLE) {
      for (const d of row.siteDomains) expect(at(`www.${d}`).region).toBe(row.region);
    }
  });

  it('the bare site domain selects its region too', () => {
    expect(at('bybit.com.hk').region).toBe('HKG');
    expect(at('bybit.ae').defaultLanguage).toBe('ar-SA');
  });

  it('a look-alike domain is not the region (suffix must follow a dot)', () => {
    expect(at('notbybit.eu').region).toBe('GLOBAL');
    expect(at('bybit.eu.evil.example').region).toBe('GLOBAL');
  });
});

describe('environments', () => {
  it.each([
    ['www.bybit.com', 'www', false, 'secure-token', 'https://api2.bybit.com'],
    ['m.bybit.com', 'm', false, 'secure-token', 'https://api2.bybit.com'],
    [
      'testnet.bybit.com',
      'testnet',
      true,
      'secure-token-testnet',
      'https://api2-testnet.bybit.com',
    ],
    [
      'm-testnet.bybit.com',
      'm-testnet',
      true,
      'secure-token-m-testnet',
      'https://api2-testnet.bybit.com',
    ],
    ['dev-3.bybit.com', 'dev-3', true, 'secure-token-dev-3', 'https://api2-dev-3.bybit.com'],
    ['test-3.bybit.com', 'test-3', true, 'secure-token-test-3', 'https://api2-test-3.bybit.com'],
  ])('%s is env %s (testnet %s), cookie %s, API %s', (host, env, testnet, cookie, api) => {
    const c = at(host);
    expect(c.env).toBe(env);
    expect(c.isTestnet).toBe(testnet);
    expect(c.isLocal).toBe(false);
    expect(c.sessionCookieName).toBe(cookie);
    expect(c.apiBase).toBe(api);
  });

  it('testnet hosts use testnet stream and chat hosts', () => {
    const c = at('testnet.bybit.com');
    expect(c.publicWsUrl).toBe('wss://stream-testnet.bybit.com/v5/public/linear');
    expect(c.privateWsUrl).toBe('wss://stream-testnet.bybit.com/v5/private');
    expect(c.chatBase).toBe('https://chat-testnet.bybit.com');
  });

  it('regional testnets use their testnet domain (global, or Hong Kong its own)', () => {
    expect(at('testnet.bybit.eu').apiBase).toBe('https://api2-testnet.bybit.com');
    expect(at('testnet.bybit.eu').region).toBe('EU');
    expect(at('testnet.bybit.com.hk').apiBase).toBe('https://api2-testnet.spark-fintech.com');
  });

  it('every environment name has a row above', () => {
    for (const env of ENVIRONMENTS) expect(envOf(`${env}.bybit.com`)).toBe(env);
  });

  it('an unknown first label is www', () => {
    expect(envOf('promo.bybit.com')).toBe('www');
    expect(envOf('bybit.com')).toBe('www');
  });

  it('sessionCookieName appends the env off production only', () => {
    expect(sessionCookieName('www')).toBe('secure-token');
    expect(sessionCookieName('m')).toBe('secure-token');
    expect(sessionCookieName('testnet')).toBe('secure-token-testnet');
  });
});

describe('localhost', () => {
  it.each([
    ['localhost', 'http:', 'http://localhost:5173', 'ws://localhost:5173'],
    ['127.0.0.1', 'http:', 'http://127.0.0.1:8080', 'ws://127.0.0.1:8080'],
    ['localhost', 'https:', 'https://localhost:8443', 'wss://localhost:8443'],
  ])('%s over %s goes through the page origin', (hostname, protocol, origin, ws) => {
    const c = resolveHostConfig({ hostname, protocol, origin });
    expect(c).toMatchObject({
      region: 'GLOBAL',
      env: 'testnet',
      isTestnet: true,
      isLocal: true,
      apiBase: `${origin}/api`,
      publicWsUrl: `${ws}/ws/v5/public/linear`,
      privateWsUrl: `${ws}/ws/v5/private`,
      chatBase: `${origin}/chat`,
      staticHost: origin,
      proxyPrefix: '/api',
      defaultLanguage: 'en',
      sessionCookieName: 'secure-token-testnet',
    });
  });

  it('rebuilds the origin from protocol, host and port when origin is missing or "null"', () => {
    const c = resolveHostConfig({ hostname: '127.0.0.1', protocol: 'https:', port: '9000' });
    expect(c.apiBase).toBe('https://127.0.0.1:9000/api');
    expect(c.privateWsUrl).toBe('wss://127.0.0.1:9000/ws/v5/private');
    const n = resolveHostConfig({ hostname: 'localhost', origin: 'null', protocol: 'http:' });
    expect(n.apiBase).toBe('http://localhost/api');
  });

  it('IPv6 loopback and *.localhost are local too', () => {
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('app.localhost')).toBe(true);
    expect(isLoopbackHost('127.8.9.10')).toBe(true);
    const c = resolveHostConfig({ hostname: '[::1]', protocol: 'http:', port: '3000' });
    expect(c.apiBase).toBe('http://[::1]:3000/api');
  });
});

describe('odd inputs get the global production defaults or a normalised host', () => {
  it.each([
    ['WWW.BYBIT.EU', 'EU', 'www'],
    ['TestNet.Bybit.Com', 'GLOBAL', 'testnet'],
    ['www.bybit.eu.', 'EU', 'www'],
    ['testnet.bybit.com..', 'GLOBAL', 'testnet'],
    ['www.bybit.nl:443', 'NLD', 'www'],
    ['  www.bybit.kz  ', 'KAZ', 'www'],
    ['LOCALHOST', 'GLOBAL', 'testnet'],
    ['127.0.0.1:5173', 'GLOBAL', 'testnet'],
  ])('%s → %s / %s', (host, region, env) => {
    const c = at(host);
    expect(c.region).toBe(region);
    expect(c.env).toBe(env);
  });

  it.each([
    [''],
    ['   '],
    ['example.org'],
    ['testnet.example.org'],
    ['192.168.1.20'],
    ['8.8.8.8'],
    ['10.0.0.1:8080'],
    ['2001:db8::1'],
    ['[2001:db8::1]'],
    ['%%%garbage%%%'],
    ['bybit..com'],
    ['.bybit.com'],
    ['<script>'],
    ['a'.repeat(300)],
  ])('%j is unknown: global production', (host) => {
    expect(at(host)).toMatchObject(GLOBAL_PROD);
  });

  it('non-string input does not throw', () => {
    expect(normaliseHostname(undefined as unknown as string)).toBe('');
    expect(at(null as unknown as string).region).toBe('GLOBAL');
  });

  it('normaliseHostname', () => {
    expect(normaliseHostname(' WWW.Bybit.COM.:8080 ')).toBe('www.bybit.com');
    expect(normaliseHostname('[::1]:80')).toBe('::1');
    expect(normaliseHostname('a b')).toBe('');
  });
});

describe('names', () => {
  it('langStorageKey takes the product id', () => {
    expect(langStorageKey()).toBe('ASSETDECK_LANG_KEY');
    expect(langStorageKey('CARD')).toBe('CARD_LANG_KEY');
    expect(resolveHostConfig({ hostname: 'www.bybit.com' }, 'X').langStorageKey).toBe('X_LANG_KEY');
  });

  it('currentHostConfig without a window is loopback (never production)', () => {
    const c = currentHostConfig();
    expect(c.isLocal).toBe(true);
    expect(c.apiBase).toBe('http://127.0.0.1/api');
  });

  it('currentHostConfig reads window.location when there is one', () => {
    const g = globalThis as { window?: unknown };
    g.window = {
      location: { hostname: 'www.bybit.ae', origin: 'https://www.bybit.ae', protocol: 'https:' },
    };
    try {
      expect(currentHostConfig().region).toBe('ARE');
    } finally {
      delete g.window;
    }
  });
});
