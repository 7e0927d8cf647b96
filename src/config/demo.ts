/**
 * The simulator's demo sign-ins (docs/simulator.md): one table for the simulator's accounts
 * (server/accounts/demo.ts), the replay server, `npm run record` and the login page.
 */

/** Which demo account: also the i18n key under login.demo.roles that describes it. */
export type DemoKind = 'follower' | 'leader' | 'trader' | 'newbie';

export interface DemoLogin {
  username: string;
  password: string;
  userId: number;
  kind: DemoKind;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { username: 'follower', password: 'follower123', userId: 1001, kind: 'follower' },
  { username: 'leader', password: 'leader123', userId: 2001, kind: 'leader' },
  { username: 'trader', password: 'trader123', userId: 3001, kind: 'trader' },
  { username: 'newbie', password: 'newbie123', userId: 4001, kind: 'newbie' },
];

/** The Google authenticator code every demo account accepts. */
export const DEMO_2FA_CODE = '123456';

/** The sign-in of a demo account, for the simulator's account table. */
export function demoLogin(kind: DemoKind): { username: string; password: string } {
  const l = DEMO_LOGINS.find((d) => d.kind === kind) as DemoLogin;
  return { username: l.username, password: l.password };
}

/**
 * The email / mobile verification code the simulator "sends" (nothing is really sent): valid for
 * 300 s after POST /send/email or /send/mobile with the withdraw scene.
 */
export const DEMO_EMAIL_CODE = '246810';
