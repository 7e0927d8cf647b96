import { Group, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assetOverviewAtom,
  refreshAssetsAtom,
  type OverviewAccount,
  type AccountView,
} from '../../../facade';
import { Amount } from '../../../ui/amount/Amount';
import { ResourceState } from '../../../ui/live/ResourceState';
import { Section } from '../../../ui/live/Section';
import { ScreenFrame } from '../../../ui/ScreenFrame';
import { AsOf } from '../overview/AsOf';
import { AssetActions } from '../overview/AssetActions';
import { useOverviewView } from '../overview/use-assets';
import { ShowAssetsToggle } from '../ShowAssetsToggle';

type AccountType = OverviewAccount['accountType'];
import { CoinList } from './CoinList';

/** One account kind: its USD value and its coins. */
function AccountSection({ account, children }: { account: AccountView; children?: ReactNode }) {
  const { t } = useTranslation('user-assets');
  const name = t(`assetsArea.accounts.${account.accountType}`);
  return (
    <Section
      title={name}
      actions={
        <Text size="sm" data-account-value={account.accountType}>
          {t('assetsArea.account.value')} <Amount kind="usd" value={account.usdValue} />
        </Text>
      }
    >
      <Stack gap="md">
        <CoinList
          label={t('assetsArea.account.coins', { account: name })}
          coins={account.coins}
          emptyText={t('assetsArea.account.empty', { account: name })}
        />
        {children}
      </Stack>
    </Section>
  );
}

export interface AccountScreenProps {
  /** The page key: its title is meta.<page>.title. */
  page: string;
  accounts: readonly AccountType[];
  /** Shows Deposit / Withdraw / Transfer (accounts money moves in and out of). */
  withActions?: boolean;
  /** Extra content per account (bots). */
  extra?: (account: AccountView) => ReactNode;
}

/** An account screen: for each of `accounts`, its value and coins; loading, error and stale states. */
export function AccountScreen({ page, accounts, withActions = false, extra }: AccountScreenProps) {
  const { t } = useTranslation('user-assets');
  const overview = useAtomValue(assetOverviewAtom);
  const view = useOverviewView();
  const refresh = useSetAtom(refreshAssetsAtom);
  return (
    <ScreenFrame
      title={t(`meta.${page}.title`)}
      actions={
        <Group gap="sm">
          <AsOf />
          <ShowAssetsToggle />
        </Group>
      }
    >
      {withActions && <AssetActions />}
      <ResourceState
        state={overview}
        reload={refresh}
        isEmpty={() => false}
        emptyText=""
        loadingText={t('assetsArea.loading')}
      >
        {() =>
          view && (
            <Stack gap="md">
              {accounts.map((type) => {
                const account = view.accounts.find((a) => a.accountType === type);
                return account ? (
                  <AccountSection key={type} account={account}>
                    {extra?.(account)}
                  </AccountSection>
                ) : null;
              })}
            </Stack>
          )
        }
      </ResourceState>
    </ScreenFrame>
  );
}
