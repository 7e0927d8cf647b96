import { Button, Group } from '@mantine/core';

export interface DialogActionsProps {
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel?: () => void;
  confirmColor?: string;
  loading?: boolean;
  /** Makes the confirm button submit its form instead of calling onConfirm on click. */
  submit?: boolean;
}

/** The footer row of a dialog: cancel then confirm, at the inline end (mirrors in RTL). */
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
        <Button variant="default" onClick={onCancel}>
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
