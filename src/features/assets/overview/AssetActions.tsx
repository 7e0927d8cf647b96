import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../ui/dialogs/dialog-state';

/** Deposit and Transfer: they open the shell's dialogs (src/ui/dialogs). */
export function AssetActions({ coin }: { coin?: string }) {
  const { t } = useTranslation('user-assets');
  const { openDialog } = useDialogs();
  const props = coin ? { coin } : {};
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="sm" onClick={() => openDialog('deposit', props)}>
        {t('assetsArea.actions.deposit')}
      </Button>
      <Button size="sm" variant="default" onClick={() => openDialog('transfer', props)}>
        {t('assetsArea.actions.transfer')}
      </Button>
    </Group>
  );
}
