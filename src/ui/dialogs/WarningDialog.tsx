import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './DialogActions';
import type { DialogBodyProps } from './registry';

/** A message with confirm and cancel; each calls its callback, then closes. */
export default function WarningDialog({ props, close }: DialogBodyProps<'warning'>) {
  const { t } = useTranslation('user-assets');
  return (
    <>
      <Text>{props.message}</Text>
      <DialogActions
        confirmLabel={props.confirmLabel ?? t('common.confirm')}
        cancelLabel={t('common.cancel')}
        confirmColor="red"
        onConfirm={() => {
          props.onConfirm?.();
          close();
        }}
        onCancel={() => {
          props.onCancel?.();
          close();
        }}
      />
    </>
  );
}
