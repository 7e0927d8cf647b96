import { AccountScreen } from './AccountScreen';
import { CardEligibility } from './CardEligibility';

/**
 * Fiat balances and the fiat and crypto cards: value and coins, from the overview; under the card
 * account, whether this account may hold a card.
 */
export default function FiatScreen() {
  return (
    <AccountScreen
      page="assetsFiat"
      accounts={['FIAT', 'CARD']}
      extra={(account) => (account.accountType === 'CARD' ? <CardEligibility /> : null)}
    />
  );
}
