import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './DialogActions';
import type { DialogBodyProps } from './registry';

/** A site-wide announcement (text from the server, already localised), shown as plain text. */
export default function GlobalPopupDialog({ props, close }: DialogBodyProps<'globalPopup'>) {
  const { t } = useTranslation('user-assets');
  return (
    <>
      <Text style={{ whiteSpace: 'pre-line' }}>{props.message}</Text>
      <DialogActions confirmLabel={t('common.ok')} onConfirm={close} />
    </>
  );
}
