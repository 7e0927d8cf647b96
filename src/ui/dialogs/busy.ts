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
