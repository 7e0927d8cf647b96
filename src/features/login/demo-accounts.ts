/**
 * The demo accounts offered on /login: the one table of src/config/demo.ts with the role the
 * app gives each (the newbie is a trader with empty wallets).
 */
import type { Role } from '../../facade';
import { DEMO_LOGINS, type DemoLogin } from '../../facade';

export interface DemoAccount extends DemoLogin {
  role: Role;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = DEMO_LOGINS.map((l) => ({
  ...l,
  role: l.kind === 'newbie' ? 'trader' : l.kind,
}));
