import { AccountScreen } from './AccountScreen';

/** The OPTION account: value and coins, from the overview (refreshed every 5 s). */
export default function OptionsScreen() {
  return <AccountScreen page="assetsOptions" accounts={['OPTION']} />;
}
