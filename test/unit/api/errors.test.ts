import { describe, expect, it } from 'vitest';
import { BusinessError, isNoPermission, NoPermissionError } from '@src/api/errors';

describe('isNoPermission', () => {
  it('knows 10007, 33003 and 10009 whatever carries them', () => {
    expect(isNoPermission(new NoPermissionError(10007, 'expired', null))).toBe(true);
    expect(isNoPermission(new BusinessError(33003, 'no', null))).toBe(true);
    expect(isNoPermission({ code: 10009 })).toBe(true);
    expect(isNoPermission({ code: '10007' })).toBe(true); // a token endpoint answering text
    expect(isNoPermission({ ret_code: 10007, ret_msg: 'x' })).toBe(true); // a raw envelope
  });

  it('is false for everything else', () => {
    for (const e of [
      new BusinessError(10016, 'busy', null),
      { code: 9000005 },
      { code: 'x' },
      { code: 10007.5 },
      null,
      undefined,
      10007,
      'oops',
    ]) {
      expect(isNoPermission(e)).toBe(false);
    }
  });
});
