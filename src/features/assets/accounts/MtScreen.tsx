import { AccountScreen } from './AccountScreen';

/** The MT4 and MT5 trading accounts: their USD value and coins, from the overview. */
export default function MtScreen() {
  return <AccountScreen page="assetsMt" accounts={['MT4', 'MT5']} />;
}
