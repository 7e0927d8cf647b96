import { describe, expect, it } from 'vitest';
import { checkAnswer } from '@src/api/answers';
import { createEndpoints } from '@src/api/endpoints';
import { ParseError } from '@src/api/errors';
import type { HttpClient } from '@src/api/http';
import { earnOverview, sampleAggregateInfo } from '../../support/sample-answers';

const profile = {
  userId: 1001,
  nickName: 'follower',
  email: 'f***@assetdeck.test',
  mobile: '',
  vipLevel: 'VIP0',
  kycLevel: 1,
  registerTimeE3: '1700000000000',
  region: 'GLOBAL',
};

/** An HTTP client that answers every request with `answer`. */
const answering = (answer: unknown) =>
  ({ request: () => Promise.resolve(answer) }) as unknown as HttpClient;

describe('REST answers are checked at the boundary', () => {
  it('passes a well-formed profile through, without fields it does not know', () => {
    expect(checkAnswer('profile', { ...profile, injected: { admin: true } })).toEqual(profile);
  });

  it('refuses an answer whose identity field has the wrong type, naming the call and field', async () => {
    const api = createEndpoints(answering({ ...profile, userId: '1001' }));
    const err = await api.profile().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).code).toBe(9000004);
    expect((err as ParseError).message).toContain('profile: userId');
  });

  it('keeps unknown preference keys but refuses a masking flag that is neither 0 nor 1', () => {
    const prefs = { showAssets: 0, homeTradingPageUserGuide: 'hide', theme: 'dark' };
    expect(checkAnswer('preferences', prefs)).toEqual(prefs);
    expect(() => checkAnswer('preferences', { ...prefs, showAssets: 2 })).toThrow(
      /preferences: showAssets/,
    );
    // A missing flag must not be read as "shown".
    expect(() => checkAnswer('preferences', { homeTradingPageUserGuide: 'hide' })).toThrow(
      ParseError,
    );
  });

  it('refuses a copy-trade profile without its leader flag', () => {
    expect(() => checkAnswer('copyProfile', { subMemberIdList: [], userId: 1 })).toThrow(
      /copyProfile: isLeader/,
    );
  });

  it('refuses money sent as a JSON number in the aggregate info', () => {
    const info = sampleAggregateInfo({
      depositPendingCount: 1,
      totalUsd: '1234.56',
      totalBtc: '0.01925',
      accounts: [{ accountType: 'SPOT', usdValue: '1234.56' }],
    });
    expect(checkAnswer('aggregateInfo', info)).toEqual(info);
    expect(() => checkAnswer('aggregateInfo', { ...info, totalUsd: 1234.56 })).toThrow(
      /aggregateInfo: totalUsd/,
    );
    expect(() =>
      checkAnswer('aggregateInfo', { ...info, accounts: [{ accountType: 'NOPE', usdValue: '1' }] }),
    ).toThrow(/accounts\.0\.accountType/);
  });

  it('refuses a borrow receipt without the new loan, and pledge terms sent as numbers', () => {
    const receipt = { loanId: 'loan-1001-7', status: 'SUCCESS' };
    expect(checkAnswer('pledgeBorrow', receipt)).toEqual(receipt);
    expect(() => checkAnswer('pledgeBorrow', { status: 'SUCCESS' })).toThrow(
      /pledgeBorrow: loanId/,
    );
    const o = earnOverview();
    expect(checkAnswer('assetOverview', o)).toEqual(o);
    const terms = { ...o.pledge.collateralCoins[0], initialLtv: 0.65 };
    expect(() =>
      checkAnswer('assetOverview', { ...o, pledge: { ...o.pledge, collateralCoins: [terms] } }),
    ).toThrow(/pledge\.collateralCoins\.0\.initialLtv/);
  });

  it('leaves calls without a schema as they are', () => {
    const banners = { list: [{ id: 'x' }] };
    expect(checkAnswer('bannerConfig', banners)).toBe(banners);
  });
});
