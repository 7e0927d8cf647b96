/** Per account kind: the screen that lists it and its colour in the donut. */
import type { OverviewAccount } from '../../../facade';

type AccountType = OverviewAccount['accountType'];

/** The screen of each account kind (the unified, savings and pledge screens are the earn area's). */
const PATHS: Partial<Record<AccountType, string>> = {
  DERIVATIVES: '/assets/derivatives',
  SPOT: '/assets/spot',
  UNIFIED: '/assets/unified',
  FUND: '/assets/funding',
  FIAT: '/assets/fiat',
  CARD: '/assets/fiat',
  MT4: '/assets/mt',
  MT5: '/assets/mt',
  BOT: '/assets/bots',
  OPTION: '/assets/options',
  SAVINGS: '/assets/savings',
  PLEDGE: '/assets/pledge',
};

export const accountPath = (a: AccountType): string | undefined => PATHS[a];

/** Distinct hues for the donut (decorative: the table names every slice). */
export const ACCOUNT_COLORS: Record<AccountType, string> = {
  DERIVATIVES: 'blue.6',
  SPOT: 'teal.6',
  UNIFIED: 'indigo.6',
  FUND: 'cyan.6',
  FIAT: 'lime.7',
  CARD: 'green.7',
  MT4: 'orange.6',
  MT5: 'yellow.7',
  BOT: 'grape.6',
  OPTION: 'pink.6',
  SAVINGS: 'violet.6',
  PLEDGE: 'red.6',
};

/** A Mantine colour name ("blue.6") as its CSS variable. */
export const cssColor = (name: string): string => `var(--mantine-color-${name.replace('.', '-')})`;
