import { Alert, List, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenApi } from '../../facade';
import { errorMessage } from '../../i18n/error-message';
import { showToast } from '../notifications';
import { useBusyReport } from './busy';
import { DialogActions } from './DialogActions';
import { useMoneyMoved } from './money/events';
import { useStillOpenedSession } from './money/session-guard';
import type { DialogBodyProps } from './registry';

/**
 * Explains the unified trading account and upgrades: POST unified/upgrade moves the derivatives
 * and spot balances into it (docs/assets.md). A refusal (131013: open positions or orders) is
 * shown in its own words; success refreshes the assets.
 */
export default function UpgradeUnifiedDialog({
  props,
  close,
  setBusy,
}: DialogBodyProps<'upgradeUnified'>) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const moved = useMoneyMoved();
  // In flight, or done: the dialog cannot be dismissed meanwhile, and once the upgrade went
  // through the closing dialog never sends it again.
  const [busy, setLocked] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const inFlight = useRef(false);
  const done = useRef(false);
  useBusyReport(setBusy, busy);
  const stillOurs = useStillOpenedSession();
  const upgrade = async () => {
    if (inFlight.current || done.current) return;
    // Opened for a session that has ended: nothing is sent for another.
    if (!stillOurs()) {
      close();
      return;
    }
    inFlight.current = true;
    setLocked(true);
    setFailure(undefined);
    try {
      await api.money.unifiedUpgrade();
      done.current = true;
      moved();
      showToast(t('money.upgrade.done'), { tone: 'success' });
      props.onUpgraded?.();
      close();
    } catch (err) {
      setFailure(errorMessage(t, err));
    } finally {
      if (!done.current) {
        inFlight.current = false;
        setLocked(false);
      }
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
