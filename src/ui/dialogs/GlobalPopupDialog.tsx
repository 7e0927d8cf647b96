import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './DialogActions';
import type { DialogBodyProps } from './registry';

/** A site-wide announcement (text from the server, already localised), with its link if any. */
export default function GlobalPopupDialog({ props, close }: DialogBodyProps<'globalPopup'>) {
  const { t } = useTranslation('user-assets');
  return (
    <>
      <Text style={{ whiteSpace: 'pre-line' }}>{props.message}</Text>
      {props.link && (
        <Anchor href={props.link} mt="sm" display="inline-block">
          {t('money.prompts.learnMore')}
        </Anchor>
      )}
      <DialogActions confirmLabel={t('common.ok')} onConfirm={close} />
    </>
  );
}
