import { AccountScreen } from './AccountScreen';

/** Fiat balances and the fiat and crypto cards: value and coins, from the overview. */
export default function FiatScreen() {
  return <AccountScreen page="assetsFiat" accounts={['FIAT', 'CARD']} />;
}
