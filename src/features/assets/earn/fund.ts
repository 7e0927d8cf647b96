import type { AssetOverview } from '../../../facade';

/** What the Funding account has available in `coin` (decimal string; "0" when none). */
export function fundAvailable(overview: AssetOverview, coin: string): string {
  const fund = overview.accounts.find((a) => a.accountType === 'FUND');
  const c = fund?.coins.find((x) => x.coin === coin);
  return c?.available || c?.amount || '0';
}
