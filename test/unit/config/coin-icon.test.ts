import { describe, expect, it } from 'vitest';
import { coinIconUrl } from '@src/config/coin-icon';

describe('coinIconUrl', () => {
  it('is on the static host with the default 48x48 resize', () => {
    expect(coinIconUrl('BTC', { staticHost: 'https://s1.bycsi.com' })).toBe(
      'https://s1.bycsi.com/assets/image/coins/light/btc.png?x-oss-process=image/resize,w_48,h_48',
    );
  });

  it('takes a size and a theme', () => {
    expect(
      coinIconUrl('USDT', { staticHost: 'https://s1.bycsi.com/', size: 24, theme: 'dark' }),
    ).toBe(
      'https://s1.bycsi.com/assets/image/coins/dark/usdt.png?x-oss-process=image/resize,w_24,h_24',
    );
  });

  it('defaults to the current host config (the page origin on loopback)', () => {
    expect(coinIconUrl('ETH')).toBe(
      'http://127.0.0.1/assets/image/coins/light/eth.png?x-oss-process=image/resize,w_48,h_48',
    );
  });

  it('never puts an odd coin name into the URL', () => {
    for (const bad of ['../x', 'a b', '', '<img>', 'BTC?x=1']) {
      expect(coinIconUrl(bad, { staticHost: 'https://h' })).toBe(
        'https://h/assets/image/coins/light/default.png?x-oss-process=image/resize,w_48,h_48',
      );
    }
  });
});
