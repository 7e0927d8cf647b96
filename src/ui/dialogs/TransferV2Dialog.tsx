import type { DialogBodyProps } from './registry';
import { TransferForm } from './TransferForm';

/**
 * Transfer v2, the unified-account era: a unified trading account user moves money between that
 * account and funding only (their derivatives and spot accounts refuse transfers, 131004), funding
 * to unified by default (asked for one side only, the other is the other account). The same form as the classic dialog, so that validation, Max, swap and
 * the kept requestId live in one place; only the accounts and their order differ.
 */
export default function TransferV2Dialog({ props, close, setBusy }: DialogBodyProps<'transferV2'>) {
  return (
    <TransferForm
      accounts={['UNIFIED', 'FUND']}
      from={props.from ?? (props.to === 'FUND' ? 'UNIFIED' : 'FUND')}
      to={props.to ?? (props.from === 'UNIFIED' ? 'FUND' : 'UNIFIED')}
      coin={props.coin}
      close={close}
      setBusy={setBusy}
    />
  );
}
