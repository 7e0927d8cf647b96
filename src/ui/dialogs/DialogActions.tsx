import { Button, Group } from '@mantine/core';

export interface DialogActionsProps {
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel?: () => void;
  confirmColor?: string;
  /** The request is on its way: the confirm button spins, and cancel is disabled with it. */
  loading?: boolean;
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
  submit,
}: DialogActionsProps) {
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
        loading={loading}
        onClick={submit ? undefined : onConfirm}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
