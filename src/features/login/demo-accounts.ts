/**
 * The simulator's demo accounts (docs/simulator.md), offered on /login. One list: the login page,
 * its tests and the browser tests read it.
 */
import type { Role } from '../../app/session';

export interface DemoAccount {
  username: string;
  password: string;
  userId: number;
  role: Role;
  /** i18n key under login.demo.roles describing the account. */
  descriptionKey: 'follower' | 'leader' | 'trader' | 'newbie';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'follower',
    password: 'follower123',
    userId: 1001,
    role: 'follower',
    descriptionKey: 'follower',
  },
  {
    username: 'leader',
    password: 'leader123',
    userId: 2001,
    role: 'leader',
    descriptionKey: 'leader',
  },
  {
    username: 'trader',
    password: 'trader123',
    userId: 3001,
    role: 'trader',
    descriptionKey: 'trader',
  },
  {
    username: 'newbie',
    password: 'newbie123',
    userId: 4001,
    role: 'trader',
    descriptionKey: 'newbie',
  },
];

/** The demo Google authenticator code the simulator accepts. */
export const DEMO_2FA_CODE = '123456';
