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
  /**
   * What the figure is, for its rounding when it is neither a balance (the default) nor a PnL
   * (`tone`): a `debt` is rounded up (src/lib/money.ts FIGURE_ROUNDING).
   */
  figure?: 'debt';
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
  figure,
  flash = true,
  className,
}: AmountProps) {
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
    ...(tone === 'pnl' ? { figure: 'pnl' as const } : figure ? { figure } : {}),
    coin,
    decimals,
    language,
    masked,
    sign: sign ?? (tone === 'pnl' ? 'exceptZero' : undefined),
  } satisfies AmountFormat);
  useFlash(ref, value, compare, { enabled: flash && !masked, text });
  // The colour follows the figure as written: −0.00004 shown as 0.0000 is not red.
  const s = tone === 'pnl' ? shownSign : null;
  const tint = s === null ? undefined : s > 0 ? 'up' : s < 0 ? 'down' : 'flat';
  const classNames = [classes.isolate, classes.amount, flashClasses.flash, className]
    .filter(Boolean)
    .join(' ');
  if (masked) return <MaskedAmount className={classNames} tone={tint} text={text} />;
  return (
    <span ref={ref} dir="ltr" className={classNames} data-tone={tint} onAnimationEnd={clearFlash}>
      {text}
    </span>
  );
});

/**
 * A hidden figure: symbolic text, read as "Hidden" rather than its characters one by one. Apart
 * from <Amount> so that only a masked figure pays for useTranslation: a live table renders
 * thousands of figures a second, and the hook was 1 % of the main thread in the browser
 * benchmark's heavy scenario (docs/performance.md).
 */
function MaskedAmount({
  className,
  tone,
  text,
}: {
  className: string;
  tone?: string;
  text: string;
}) {
  const { t } = useTranslation('user-assets');
  return (
    <span
      dir="ltr"
      className={className}
      data-tone={tone}
      data-masked
      role="img"
      aria-label={t('a11y.hidden')}
    >
      {text}
    </span>
  );
}

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
