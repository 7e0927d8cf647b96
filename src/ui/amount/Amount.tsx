import { useAtomValue } from 'jotai';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignDisplay } from '../../lib/money';
import { currentLangAtom, showAssetsAtom } from '../../facade';
import flashClasses from '../flash/flash.module.css';
import { clearFlash, useFlash } from '../flash/use-flash';
import classes from './amount.module.css';
import {
  compareAmounts,
  displayAmount,
  formatAmount,
  isMaskable,
  type AmountFormat,
  type AmountKind,
} from './format-amount';

export interface AmountProps {
  value: string | null | undefined;
  /** Default 'e8'. */
  kind?: AmountKind;
  coin?: string;
  decimals?: number;
  sign?: SignDisplay;
  /**
   * 'pnl': a profit or loss: green above zero, red below (with the sign written, never colour
   * alone), and rounded to the nearest as every PnL is (balances are rounded down).
   */
  tone?: 'pnl';
  /** Flash on change (default true). */
  flash?: boolean;
  className?: string;
}

/**
 * One number on screen: formatted through src/lib/money.ts in the page language, masked when
 * the user hides their assets (`showAssetsAtom`), kept left-to-right inside RTL text, and
 * flashing briefly when it changes.
 */
export const Amount = memo(function Amount({
  value,
  kind = 'e8',
  coin,
  decimals,
  sign,
  tone,
  flash = true,
  className,
}: AmountProps) {
  const { t } = useTranslation('user-assets');
  const shown = useAtomValue(showAssetsAtom);
  const language = useAtomValue(currentLangAtom);
  const masked = isMaskable(kind) && !shown;
  const ref = useRef<HTMLSpanElement>(null);
  const compare = useCallback(
    (next: string | null | undefined, prev: string | null | undefined) =>
      compareAmounts(kind, next, prev),
    [kind],
  );
  const { text, sign: shownSign } = displayAmount(kind, value, {
    // A PnL-toned figure is a PnL: rounded to the nearest (src/lib/money.ts FIGURE_ROUNDING).
    ...(tone === 'pnl' ? { figure: 'pnl' as const } : {}),
    coin,
    decimals,
    language,
    masked,
    sign: sign ?? (tone === 'pnl' ? 'exceptZero' : undefined),
  } satisfies AmountFormat);
  useFlash(ref, value, compare, { enabled: flash && !masked, text });
  // The colour follows the figure as written: −0.00004 shown as 0.0000 is not red.
  const s = tone === 'pnl' ? shownSign : null;
  return (
    <span
      ref={ref}
      dir="ltr"
      className={[classes.isolate, classes.amount, flashClasses.flash, className]
        .filter(Boolean)
        .join(' ')}
      data-tone={s === null ? undefined : s > 0 ? 'up' : s < 0 ? 'down' : 'flat'}
      data-masked={masked || undefined}
      // The mask is symbolic text: read as "Hidden", not as its characters one by one.
      role={masked ? 'img' : undefined}
      aria-label={masked ? t('a11y.hidden') : undefined}
      onAnimationEnd={clearFlash}
    >
      {text}
    </span>
  );
});

/** The same formatting as <Amount>, as a function (chart axes, tooltips, summaries). */
export function useAmountFormat(): (
  kind: AmountKind,
  value: string | null | undefined,
  f?: Omit<AmountFormat, 'language' | 'masked'>,
) => string {
  const shown = useAtomValue(showAssetsAtom);
  const language = useAtomValue(currentLangAtom);
  return useCallback(
    (kind, value, f = {}) => formatAmount(kind, value, { ...f, language, masked: !shown }),
    [shown, language],
  );
}
