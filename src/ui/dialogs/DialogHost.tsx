import { Modal } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../Spinner';
import {
  closeDialogAtom,
  dialogAtom,
  type DialogName,
  type DialogPropsMap,
  type OpenDialogState,
} from './dialog-state';
import { DIALOGS, type DialogBodyProps, type DialogEntry } from './registry';

function resolve(state: OpenDialogState) {
  // The registry is keyed by name, so the entry and the props always belong together.
  const entry = DIALOGS[state.name] as unknown as DialogEntry<DialogName>;
  const Body = entry.Body as unknown as ComponentType<DialogBodyProps<DialogName>>;
  return { entry, Body, props: state.props as DialogPropsMap[DialogName] };
}

/**
 * The one mount point of every dialog. Mantine's Modal traps focus, closes on Escape and on the
 * overlay, labels itself with the title and returns focus to the opener; it stays mounted (closed)
 * between dialogs, which is what lets it remember the opener and run its exit transition.
 *
 * A body that sends a request reports it with `setBusy`: while it is busy the user cannot dismiss
 * the dialog (no Escape, no overlay click, no close button), so the answer, whatever it is, is
 * always seen. The body's own `close` (after a success) closes it whatever the state.
 */
export function DialogHost() {
  const { t } = useTranslation('user-assets');
  const open = useAtomValue(dialogAtom);
  const close = useSetAtom(closeDialogAtom);
  const [last, setLast] = useState(open);
  if (open && open !== last) setLast(open);
  // One dialog opened in place of another (a withdrawal's "Transfer to the Funding account"):
  // the modal stays open, so neither its focus trap nor its focus return starts again. Focus,
  // on a control of the dialog that went, goes into the new one (FocusInto); closing it still
  // gives focus back to what opened the first.
  const [prev, setPrev] = useState(open);
  const [swappedIn, setSwappedIn] = useState<OpenDialogState | null>(null);
  if (open !== prev) {
    setPrev(open);
    if (open && prev) setSwappedIn(open);
  }
  const bodyRef = useRef<HTMLDivElement>(null);
  const current = open ?? last;
  const shown = current ? resolve(current) : undefined;
  // Busy belongs to the opening that said so: a dialog opened next starts dismissable.
  const [busyFor, setBusyFor] = useState<OpenDialogState | null>(null);
  const busy = busyFor !== null && busyFor === current;
  const setBusy = useCallback(
    (next: boolean) => setBusyFor((s) => (next ? current : s === current ? null : s)),
    [current],
  );
  const dismiss = useCallback(() => {
    if (!busy) close();
  }, [busy, close]);

  return (
    <Modal
      opened={open !== null}
      onClose={dismiss}
      title={shown ? shown.entry.title(t, shown.props) : undefined}
      size={shown?.entry.size ?? 'md'}
      centered
      trapFocus
      returnFocus
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-dialog={current?.name}
    >
      {shown && current && (
        <div ref={bodyRef}>
          <Suspense fallback={<Spinner size="small" />}>
            <shown.Body key={current.name} props={shown.props} close={close} setBusy={setBusy} />
            {swappedIn === current && <FocusInto key={current.name} inside={bodyRef} />}
          </Suspense>
        </div>
      )}
    </Modal>
  );
}

const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Once the dialog's body has mounted (it is in the body's Suspense boundary), focus goes to the
 * dialog's first control, as Mantine's focus trap does for a dialog that opens: the close button.
 */
function FocusInto({ inside }: { inside: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const dialog = inside.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog || dialog.contains(document.activeElement)) return;
    dialog.querySelector<HTMLElement>(TABBABLE)?.focus({ preventScroll: true });
  }, [inside]);
  return null;
}
