import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from '@server/accounts/demo';
import { tagsOf } from '@server/accounts/profiles';
import { roleOf } from '@src/pipeline/session';
import { DEMO_ACCOUNTS } from '@src/features/login/demo-accounts';

describe('demo accounts', () => {
  it('match the simulator table (username, password, userId, role)', () => {
    const signIn = ACCOUNTS.filter((a) => a.login !== undefined);
    expect(DEMO_ACCOUNTS.map((a) => [a.username, a.password, a.userId, a.kind])).toEqual(
      signIn.map((a) => [a.login?.username, a.login?.password, a.userId, a.role]),
    );
    // The app's role for each: what it derives from the copy profile and tags the simulator serves.
    expect(DEMO_ACCOUNTS.map((a) => a.role)).toEqual(
      signIn.map((a) =>
        roleOf(
          { isLeader: a.leader !== undefined, subMemberIdList: [], userId: a.userId },
          tagsOf(a),
        ),
      ),
    );
  });
});
