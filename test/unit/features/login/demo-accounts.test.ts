import { describe, expect, it } from 'vitest';
import { HOME_PATHS } from '../../../../src/app/session';
import { DEMO_2FA_CODE, DEMO_ACCOUNTS } from '../../../../src/features/login/demo-accounts';

describe('demo accounts', () => {
  it('match the simulator table (username, password, userId, role)', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.username, a.password, a.userId, a.role])).toEqual([
      ['follower', 'follower123', 1001, 'follower'],
      ['leader', 'leader123', 2001, 'leader'],
      ['trader', 'trader123', 3001, 'trader'],
      ['newbie', 'newbie123', 4001, 'trader'],
    ]);
    expect(DEMO_2FA_CODE).toBe('123456');
  });

  it('each lands on its role screen', () => {
    expect(DEMO_ACCOUNTS.map((a) => HOME_PATHS[a.role])).toEqual([
      '/copy-trade',
      '/copy-trade/leader',
      '/assets/derivatives',
      '/assets/derivatives',
    ]);
  });
});
