import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { Section } from '../../ui/live/Section';
import { TopicState } from '../../ui/live/TopicState';
import { OwnPositionsSection } from './accounts/OwnPositionsSection';
import { AssetTotals } from './AssetTotals';
import { useExchangeRates } from './exchange-rates';
import { RiskSection } from './RiskSection';
import { ShowAssetsToggle } from './ShowAssetsToggle';
import { WalletTable } from './WalletTable';

/**
 * `/assets/derivatives`: USD totals from the exchange rates, account risk, every wallet with
 * every field, and the open positions, live.
 */
export default function DerivativesScreen() {
  const { t } = useTranslation('user-assets');
  useExchangeRates();
  return (
    <ScreenFrame title={t('meta.derivatives.title')} actions={<ShowAssetsToggle />}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <AssetTotals />
          <RiskSection />
        </SimpleGrid>
        <Section title={t('assets.wallets.title')}>
          <TopicState
            topic="wallet"
            empty={false}
            emptyText=""
            loadingText={t('assets.wallets.loading')}
          >
            <WalletTable label={t('assets.wallets.table')} />
          </TopicState>
        </Section>
        <OwnPositionsSection />
      </Stack>
    </ScreenFrame>
  );
}
