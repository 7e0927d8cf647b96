import type { DialogBodyProps } from './registry';
import { TransferForm } from './TransferForm';

/**
 * The classic transfer: between the derivatives, spot, unified trading and funding accounts (the
 * derivatives and spot ones drop out once the overview says the user has upgraded). Derivatives
 * to spot unless asked otherwise; asked for one side only, the other is not the same account.
 */
export default function TransferDialog({ props, close, setBusy }: DialogBodyProps<'transfer'>) {
  return (
    <TransferForm
      accounts={['DERIVATIVES', 'SPOT', 'UNIFIED', 'FUND']}
      from={props.from ?? (props.to === 'DERIVATIVES' ? 'SPOT' : 'DERIVATIVES')}
      to={props.to ?? (props.from === 'SPOT' ? 'DERIVATIVES' : 'SPOT')}
      coin={props.coin}
      close={close}
      setBusy={setBusy}
    />
  );
}
