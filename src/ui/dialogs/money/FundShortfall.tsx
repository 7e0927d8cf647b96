import { Button, Group, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { showAssetsAtom } from '../../../facade';
import { compareDecimal } from '../../../lib/money';
import { useMoneyDialogs } from '../open-money';
import { accountLabel } from './labels';

interface FundShortfallProps {
  coin: string;
  /** What Funding has available in `coin` (decimal string). */
  available: string;
  /** The form's smallest amount (decimal string), if it has one. */
  min?: string;
  /** Closes the form, then runs `next` once its modal has closed (`useThenAfterClose`). */
  leave: (next: () => void) => void;
  /** Every control of the form is locked (a request in flight, or done). */
  disabled?: boolean;
  /** Offer a deposit too (not in the withdraw dialog). */
  deposit?: boolean;
}

/**
 * Under a form whose amount comes from the Funding account (a savings subscription, a pledge
 * loan's repayment or collateral, a withdrawal), when Funding holds none of the coin or less than the form's
 * minimum: says so before anything is typed, with the two ways to get some there, a transfer to
 * Funding and a deposit (each opens its dialog with the coin chosen, once this form has closed).
 * Not shown while assets are hidden: "holds none" is a figure of the user's holdings; the form's
 * own check still refuses the amount then.
 */
export function FundShortfall({
  coin,
  available,
  min,
  leave,
  disabled,
  deposit = true,
}: FundShortfallProps) {
  const { t } = useTranslation('user-assets');
  const shown = useAtomValue(showAssetsAtom);
  const money = useMoneyDialogs();
  const none = compareDecimal(available, '0') <= 0;
  const belowMin = !none && min !== undefined && compareDecimal(available, min) < 0;
  if (!shown || (!none && !belowMin)) return null;
  const account = accountLabel(t, 'FUND');
  return (
    <Stack gap={6}>
      <Text size="sm">
        {none
          ? t('money.transfer.notHeld', { account, coin })
          : t('earn.form.fundBelowMin', { account, coin })}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button
          size="compact-sm"
          variant="default"
          disabled={disabled}
          onClick={() => leave(() => money.transfer({ coin, to: 'FUND' }))}
        >
          {t('earn.form.transferIn', { account })}
        </Button>
        {deposit && (
          <Button
            size="compact-sm"
            variant="default"
            disabled={disabled}
            onClick={() => leave(() => money.deposit({ coin }))}
          >
            {t('earn.form.depositCoin', { coin })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The control that had focus when `opened` turned true (null if none): taken in an effect of the
 * opening render, before the modal moves focus into itself. Declare it before the hooks that
 * read it in their own effects (a component's effects run in order).
 */
export function useOpener(opened: boolean): RefObject<HTMLElement | null> {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [opened]);
  return opener;
}

/**
 * For a modal whose form can send the user to another dialog: `leave(next)` closes the modal and
 * runs `next` when its exit transition has ended (`afterExit`, the modal's `onExitTransitionEnd`),
 * with focus first put back on the control that opened the modal (`useOpener`). The next dialog
 * then takes that control as the one to give focus back to when it closes; opened at once, it
 * would take a button of the closing modal, gone by then. (Mantine gives focus back 10 ms after a
 * close, which a transition of 0 ms, under reduced motion, ends before.)
 */
export function useThenAfterClose(
  opener: RefObject<HTMLElement | null>,
  onClose: () => void,
): { leave: (next: () => void) => void; afterExit: () => void } {
  const next = useRef<(() => void) | null>(null);
  const leave = useCallback(
    (then: () => void) => {
      next.current = then;
      onClose();
    },
    [onClose],
  );
  const afterExit = useCallback(() => {
    const then = next.current;
    next.current = null;
    if (!then) return;
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    // Rendered at once, outside the transition's callback (a React effect when it lasts 0 ms): a
    // modal records the control with focus in its commit's passive effects, which a render
    // scheduled as a default update runs after its focus trap has moved focus into it.
    setTimeout(() => flushSync(then), 0);
  }, [opener]);
  return { leave, afterExit };
}
