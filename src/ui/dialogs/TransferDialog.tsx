import type { DialogBodyProps } from './registry';
import { TransferForm } from './TransferForm';

/**
 * The classic transfer: between the derivatives, spot, unified trading and funding accounts (the
 * derivatives and spot ones drop out once the overview says the user has upgraded).
 */
export default function TransferDialog({ props, close, setBusy }: DialogBodyProps<'transfer'>) {
  return (
    <TransferForm
      accounts={['DERIVATIVES', 'SPOT', 'UNIFIED', 'FUND']}
      from={props.from ?? 'DERIVATIVES'}
      to={props.to ?? 'SPOT'}
      coin={props.coin}
      close={close}
      setBusy={setBusy}
    />
  );
}
