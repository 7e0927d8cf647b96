import { Alert, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { configsAtom } from '../../facade';
import { DialogActions } from './DialogActions';
import type { AccountKind } from './dialog-state';
import type { DialogBodyProps } from './registry';

const ACCOUNT_KINDS: readonly string[] = ['derivatives', 'spot', 'funding', 'unified'];

/** Where deposits land (the `deposit_to` page config, funding account when unset) and the address. */
export default function DepositDialog({ close }: DialogBodyProps<'deposit'>) {
  const { t } = useTranslation('user-assets');
  const { deposit_to: depositTo } = useAtomValue(configsAtom);
  const account = !depositTo
    ? t('accounts.funding')
    : ACCOUNT_KINDS.includes(depositTo)
      ? t(`accounts.${depositTo as AccountKind}`)
      : depositTo;
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" c="dimmed" id="deposit-address-label">
          {t('dialogs.deposit.addressLabel')}
        </Text>
        <Text aria-labelledby="deposit-address-label">
          {t('dialogs.deposit.addressPlaceholder')}
        </Text>
      </div>
      <Text>{t('dialogs.deposit.creditedTo', { account })}</Text>
      <Alert color="yellow" variant="light">
        {t('dialogs.deposit.networkWarning')}
      </Alert>
      <DialogActions confirmLabel={t('common.close')} onConfirm={close} />
    </Stack>
  );
}
