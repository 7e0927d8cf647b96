/**
 * How a dialog body tells the host that its request is in flight (`DialogBodyProps.setBusy`):
 * the host then refuses every way of dismissing the dialog until the body is no longer busy or is
 * gone.
 */
import { useEffect } from 'react';

export function useBusyReport(setBusy: (busy: boolean) => void, busy: boolean): void {
  useEffect(() => setBusy(busy), [setBusy, busy]);
  // A body that goes while busy (its session ended) leaves the host dismissable.
  useEffect(() => () => setBusy(false), [setBusy]);
}

/**
 * Before a form's fields are disabled for its request: when focus is in one of its fields (the
 * request was sent with Enter there), it moves to the form's submit button, which stays
 * focusable while busy (DialogActions `keepsFocus`); a focused field that becomes disabled
 * drops focus to the page (accessibility review M3).
 */
export function keepFocusInForm(form: HTMLFormElement): void {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && form.contains(active)) {
    form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }
}
