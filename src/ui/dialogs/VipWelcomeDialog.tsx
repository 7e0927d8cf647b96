import { List, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../facade';
import { DialogActions } from './DialogActions';
import type { DialogBodyProps } from './registry';

/** Greets a user who reached a VIP level (from props, else the profile's). */
export default function VipWelcomeDialog({ props, close }: DialogBodyProps<'vipWelcome'>) {
  const { t } = useTranslation('user-assets');
  const profile = useAtomValue(userAtom).profile;
  const level = props.level ?? profile?.vipLevel ?? '';
  return (
    <Stack gap="sm">
      <Text>
        {/^(|no vip)$/i.test(level.trim())
          ? t('money.prompts.vipWelcomeProgramme')
          : t('dialogs.vipWelcome.body', { level })}
      </Text>
      <List size="sm">
        <List.Item>{t('dialogs.vipWelcome.benefitFees')}</List.Item>
        <List.Item>{t('dialogs.vipWelcome.benefitSupport')}</List.Item>
        <List.Item>{t('dialogs.vipWelcome.benefitLimits')}</List.Item>
      </List>
      <DialogActions confirmLabel={t('dialogs.vipWelcome.ok')} onConfirm={close} />
    </Stack>
  );
}
