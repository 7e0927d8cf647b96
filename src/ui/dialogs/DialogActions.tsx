import { Button, Group, Loader } from '@mantine/core';

export interface DialogActionsProps {
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel?: () => void;
  confirmColor?: string;
  /** The request is on its way: the confirm button spins, and cancel is disabled with it. */
  loading?: boolean;
  /**
   * While `loading`, the confirm button stays focusable: marked `aria-disabled` with a loader
   * beside its label, and a press does nothing. Mantine's `loading` disables it, and a focused
   * button that becomes disabled drops focus to the page (accessibility review M3): for a form
   * whose fields are disabled in flight, so that focus can wait on the button.
   */
  keepsFocus?: boolean;
  /** Makes the confirm button submit its form instead of calling onConfirm on click. */
  submit?: boolean;
}

/**
 * The footer row of a dialog: cancel then confirm, at the inline end (mirrors in RTL). While the
 * confirm button is loading, cancel is disabled too: the dialog stays until its answer is shown.
 */
export function DialogActions({
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirmColor,
  loading,
  keepsFocus,
  submit,
}: DialogActionsProps) {
  const busyButFocusable = keepsFocus && loading;
  return (
    <Group justify="flex-end" gap="sm" mt="lg">
      {onCancel && cancelLabel && (
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
      )}
      <Button
        type={submit ? 'submit' : 'button'}
        color={confirmColor}
        loading={keepsFocus ? undefined : loading}
        aria-disabled={busyButFocusable || undefined}
        rightSection={busyButFocusable ? <Loader size="xs" color="currentColor" /> : undefined}
        onClick={(e) => {
          // busy: neither a click nor Enter in a field (a click on the submit button) sends again
          if (busyButFocusable) e.preventDefault();
          else if (!submit) onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

/**
 * Before a form's fields are disabled for its request: when focus is in one of its fields (the
 * request was sent with Enter there), it moves to the form's submit button, which stays
 * focusable while busy (`keepsFocus` above); a focused field that becomes disabled
 * drops focus to the page (accessibility review M3).
 */
export function keepFocusInForm(form: HTMLFormElement): void {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && form.contains(active)) {
    form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }
}
