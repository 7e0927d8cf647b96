import { List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './DialogActions';
import type { DialogBodyProps } from './registry';

/** Explains the unified trading account and hands the upgrade to the caller. */
export default function UpgradeUnifiedDialog({ props, close }: DialogBodyProps<'upgradeUnified'>) {
  const { t } = useTranslation('user-assets');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const upgrade = async () => {
    if (!props.onUpgrade) return close();
    setBusy(true);
    setFailed(false);
    try {
      await props.onUpgrade();
      close();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text>{t('dialogs.upgradeUnified.body')}</Text>
      <List size="sm">
        <List.Item>{t('dialogs.upgradeUnified.pointMargin')}</List.Item>
        <List.Item>{t('dialogs.upgradeUnified.pointCollateral')}</List.Item>
        <List.Item>{t('dialogs.upgradeUnified.pointIrreversible')}</List.Item>
      </List>
      {failed && (
        <Text c="red" role="alert">
          {t('dialogs.upgradeUnified.failed')}
        </Text>
      )}
      <DialogActions
        confirmLabel={t('dialogs.upgradeUnified.confirm')}
        cancelLabel={t('dialogs.upgradeUnified.later')}
        loading={busy}
        onConfirm={() => void upgrade()}
        onCancel={close}
      />
    </Stack>
  );
}
