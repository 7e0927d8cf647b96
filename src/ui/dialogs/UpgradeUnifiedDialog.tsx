import { Alert, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, useReloadMemberInfo, useScreenApi } from '../../facade';
import { errorCodeOf, errorMessage } from '../../i18n/error-message';
import { showToast } from '../notifications';
import { DialogActions } from './DialogActions';
import { useMoneyMoved } from './money/events';
import { isOutcomeUnknown } from './money/request-id';
import { useMoneySubmission } from './money/submission';
import type { DialogBodyProps } from './registry';

/**
 * Explains the unified trading account and upgrades: POST unified/upgrade moves the derivatives
 * and spot balances into it (docs/assets.md). A refusal (131013: open positions or orders) is
 * shown in its own words; success refreshes the assets and reads the member info again (it says
 * whether the account is unified, and so which transfer dialog opens next: open-money.ts).
 *
 * The answer may be lost after the server upgraded (a timeout, a 5xx), and a retry of an account
 * already upgraded is refused with 131013 ("close all positions") like one that may not be: after
 * either the overview is read again, and if it says the account is upgraded, that is a success.
 * An unknown outcome the overview cannot settle says the upgrade could not be confirmed, never
 * that it did not go through; the member info is read again then too, so that an upgrade that did
 * go through is known without a reload.
 */
export default function UpgradeUnifiedDialog({
  props,
  close,
  setBusy,
}: DialogBodyProps<'upgradeUnified'>) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const moved = useMoneyMoved();
  const reloadMemberInfo = useReloadMemberInfo();
  // In flight, or done: the dialog cannot be dismissed meanwhile, and once the upgrade went
  // through the closing dialog never sends it again.
  const submission = useMoneySubmission({ close, setBusy, busyOnceDone: true });
  const busy = submission.busy || submission.done;
  const [failure, setFailure] = useState<{ title: string; text: string } | undefined>();
  const upgraded = () => {
    moved();
    reloadMemberInfo();
    showToast(t('money.upgrade.done'), { tone: 'success' });
    props.onUpgraded?.();
    close();
  };
  const upgrade = () =>
    submission.submit({
      send: () => {
        setFailure(undefined);
        return api.money.unifiedUpgrade();
      },
      answered: upgraded,
      failed: async (err) => {
        const unknown = isOutcomeUnknown(err);
        if (unknown) moved();
        let isUpgraded: boolean | undefined;
        if (unknown || errorCodeOf(err) === ERROR_CODES.UPGRADE_NOT_ELIGIBLE) {
          isUpgraded = await api.assetOverview().then(
            (ov) => ov.unified.upgraded,
            () => undefined,
          );
          if (!submission.stillOurs()) return;
          if (isUpgraded) {
            submission.succeeded();
            upgraded();
            return;
          }
        }
        const unconfirmed = unknown && isUpgraded === undefined;
        if (unconfirmed) reloadMemberInfo();
        setFailure({
          title: unconfirmed
            ? t('dialogs.upgradeUnified.unconfirmed')
            : t('dialogs.upgradeUnified.failed'),
          text: errorMessage(t, err),
        });
      },
    });
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
        <Alert color="red" role="alert" title={failure.title}>
          {failure.text}
        </Alert>
      )}
      <DialogActions
        confirmLabel={t('dialogs.upgradeUnified.confirm')}
        cancelLabel={t('dialogs.upgradeUnified.later')}
        loading={busy}
        keepsFocus
        onConfirm={() => void upgrade()}
        onCancel={close}
      />
    </Stack>
  );
}
