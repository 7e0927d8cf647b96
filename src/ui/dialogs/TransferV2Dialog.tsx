import type { DialogBodyProps } from './registry';
import { TransferForm } from './TransferForm';

/** Unified-account era: the unified trading account joins the list, first. */
export default function TransferV2Dialog({ props, close }: DialogBodyProps<'transferV2'>) {
  return (
    <TransferForm
      accounts={['unified', 'funding', 'derivatives', 'spot']}
      {...props}
      close={close}
    />
  );
}
