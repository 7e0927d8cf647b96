import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoneyDialogs } from '../../../ui/dialogs/open-money';

/** Deposit, Withdraw and Transfer: they open the shell's dialogs (src/ui/dialogs). */
export function AssetActions({ coin }: { coin?: string }) {
  const { t } = useTranslation('user-assets');
  const dialogs = useMoneyDialogs();
  const props = coin ? { coin } : {};
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="sm" onClick={() => dialogs.deposit(props)}>
        {t('assetsArea.actions.deposit')}
      </Button>
      <Button size="sm" variant="default" onClick={() => dialogs.withdraw(props)}>
        {t('assetsArea.actions.withdraw')}
      </Button>
      <Button size="sm" variant="default" onClick={() => dialogs.transfer(props)}>
        {t('assetsArea.actions.transfer')}
      </Button>
    </Group>
  );
}
