import { Alert, List, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenApi } from '../../facade';
import { errorMessage } from '../../i18n/error-message';
import { showToast } from '../notifications';
import { DialogActions } from './DialogActions';
import { useMoneyMoved } from './money/events';
import { useStillOpenedSession } from './money/session-guard';
import type { DialogBodyProps } from './registry';

/**
 * Explains the unified trading account and upgrades: POST unified/upgrade moves the derivatives
 * and spot balances into it (docs/assets.md). A refusal (131013: open positions or orders) is
 * shown in its own words; success refreshes the assets.
 */
export default function UpgradeUnifiedDialog({ props, close }: DialogBodyProps<'upgradeUnified'>) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const moved = useMoneyMoved();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const inFlight = useRef(false);
  const stillOurs = useStillOpenedSession();
  const upgrade = async () => {
    if (inFlight.current) return;
    // Opened for a session that has ended: nothing is sent for another.
    if (!stillOurs()) {
      close();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      await api.money.unifiedUpgrade();
      moved();
      showToast(t('money.upgrade.done'), { tone: 'success' });
      props.onUpgraded?.();
      close();
    } catch (err) {
      setFailure(errorMessage(t, err));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text>{t('dialogs.upgradeUnified.body')}</Text>
      <List size="sm">
        <List.Item>{t('dialogs.upgradeUnified.pointMargin')}</List.Item>
        <List.Item>{t('dialogs.upgradeUnified.pointCollateral')}</List.Item>
        <List.Item>{t('money.upgrade.pointMoves')}</List.Item>
        <List.Item>{t('dialogs.upgradeUnified.pointIrreversible')}</List.Item>
      </List>
      {failure && (
        <Alert color="red" role="alert" title={t('dialogs.upgradeUnified.failed')}>
          {failure}
        </Alert>
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
