import { Modal } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../Spinner';
import { closeDialogAtom, dialogAtom, type DialogName, type DialogPropsMap } from './dialog-state';
import { DIALOGS, type DialogBodyProps, type DialogEntry } from './registry';

/**
 * The one mount point of every dialog. Mantine's Modal traps focus, closes on Escape and on the
 * overlay, returns focus to the opener, and labels itself with the title.
 */
export function DialogHost() {
  const { t } = useTranslation('user-assets');
  const open = useAtomValue(dialogAtom);
  const close = useSetAtom(closeDialogAtom);
  if (!open) return null;

  // The registry is keyed by name, so the entry and the props always belong together.
  const entry = DIALOGS[open.name] as unknown as DialogEntry<DialogName>;
  const Body = entry.Body as unknown as ComponentType<DialogBodyProps<DialogName>>;
  const props = open.props as DialogPropsMap[DialogName];

  return (
    <Modal
      opened
      onClose={close}
      title={entry.title(t, props)}
      size={entry.size ?? 'md'}
      centered
      trapFocus
      returnFocus
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-dialog={open.name}
    >
      <Suspense fallback={<Spinner size="small" />}>
        <Body key={open.name} props={props} close={close} />
      </Suspense>
    </Modal>
  );
}
