import { AccountScreen } from './AccountScreen';

/** The FUND account: value and coins, from the overview (refreshed every 5 s). */
export default function FundingScreen() {
  return <AccountScreen page="assetsFunding" accounts={['FUND']} withActions />;
}
