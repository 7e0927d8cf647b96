/**
 * The asset catalogue: every deposit address the simulator derives passes the same chain's
 * withdrawal address check (and tags where the chain needs one), addresses are stable and per
 * user/coin/chain, coin info carries no address patterns, and request amounts parse exactly or
 * are refused with 131005.
 */
import { describe, expect, it } from 'vitest';
import { parseAmount } from '@server/assets/assets';
import { chainSpec, coinInfoList, COINS, depositAddressOf } from '@server/assets/catalogue';
import { ApiError } from '@server/rest/envelope';

describe('deposit addresses', () => {
  const chains = COINS.flatMap((c) => c.chains.map((ch) => [c.coin, ch.chain] as const));

  it.each(chains)('%s on %s passes its own address (and tag) check', (coin, chain) => {
    const spec = chainSpec(coin, chain);
    for (const userId of [1001, 2001, 3001, 4001, 999_999_999]) {
      const { address, tag } = depositAddressOf(userId, coin, chain);
      expect(spec?.address.test(address), `${address}`).toBe(true);
      if (spec?.needTag) expect(spec.tag?.test(tag), tag).toBe(true);
      expect(depositAddressOf(userId, coin, chain)).toEqual({ address, tag });
    }
  });

  it('differs per user, coin and chain', () => {
    const a = depositAddressOf(1001, 'USDT', 'ETH').address;
    expect(depositAddressOf(3001, 'USDT', 'ETH').address).not.toBe(a);
    expect(depositAddressOf(1001, 'USDC', 'ETH').address).not.toBe(a);
    expect(depositAddressOf(1001, 'USDT', 'BSC').address).not.toBe(a);
    // Tag chains share the exchange's address; the tag tells users apart.
    expect(depositAddressOf(1001, 'XRP', 'XRP').tag).not.toBe(
      depositAddressOf(3001, 'XRP', 'XRP').tag,
    );
  });

  it('coin info is the wire shape (no address patterns)', () => {
    for (const c of coinInfoList()) {
      for (const ch of c.chains)
        expect(Object.keys(ch).sort()).toEqual([
          'chain',
          'confirmations',
          'depositEnabled',
          'minDeposit',
          'minWithdraw',
          'name',
          'needTag',
          'withdrawEnabled',
          'withdrawFee',
        ]);
    }
    expect(coinInfoList().map((c) => c.coin)).not.toContain('USD');
  });
});

describe('request amounts', () => {
  it('parse to E8 exactly', () => {
    expect(parseAmount('1', 'USDT')).toBe(100_000_000n);
    expect(parseAmount('0.000001', 'USDT')).toBe(100n);
    expect(parseAmount('0.00000001', 'BTC')).toBe(1n);
    expect(parseAmount('123456789012.5', 'BTC')).toBe(12_345_678_901_250_000_000n);
    expect(parseAmount('1.5', 'NOPE')).toBe(150_000_000n); // the coin is checked after
  });

  it.each([
    ['0', 'USDT'],
    ['0.000000', 'USDT'],
    ['-1', 'USDT'],
    ['+1', 'USDT'],
    ['1e3', 'USDT'],
    ['01', 'USDT'],
    ['.5', 'USDT'],
    ['5.', 'USDT'],
    [' 5', 'USDT'],
    ['1.0000001', 'USDT'],
    ['0.00001', 'EOS'],
    ['0.000000001', 'BTC'],
    ['1000000000000000000', 'BTC'],
    ['NaN', 'BTC'],
  ])('refuses %s of %s with 131005', (text, coin) => {
    let err: unknown;
    try {
      parseAmount(text, coin);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(131005);
  });
});
