import type { DialogBodyProps } from './registry';
import { TransferForm } from './TransferForm';

/** Classic accounts: derivatives, spot and funding. */
export default function TransferDialog({ props, close }: DialogBodyProps<'transfer'>) {
  return <TransferForm accounts={['derivatives', 'spot', 'funding']} {...props} close={close} />;
}
