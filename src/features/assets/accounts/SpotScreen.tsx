import { AccountScreen } from './AccountScreen';

/** The SPOT account: value and coins, from the overview (refreshed every 5 s). */
export default function SpotScreen() {
  return <AccountScreen page="assetsSpot" accounts={['SPOT']} withActions />;
}
