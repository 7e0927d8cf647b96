/**
 * Fixed-term savings on the client: what is still locked and until when. The simulator decides
 * what has matured (its clock; `redeemable` and each subscription's `status` in the overview), the
 * client never offers more than that.
 */
import type { TFunction } from 'i18next';
import type { SavingsLot, SavingsProduct } from '../../../facade';
import { compareDecimal, subDecimal } from '../../../lib/money';
import { formatTime } from '../../../lib/time';

/** Whether a redemption can take anything now. */
export const canRedeem = (p: SavingsProduct): boolean => compareDecimal(p.redeemable, '0') > 0;

/** What is held but cannot be redeemed yet (decimal string, "0" when nothing is locked). */
export const lockedAmount = (p: SavingsProduct): string => subDecimal(p.amount, p.redeemable);

/** The earliest maturity of a subscription still locked, or undefined when none is. */
export function nextMaturity(p: SavingsProduct): string | undefined {
  let next: SavingsLot | undefined;
  for (const lot of p.lots) {
    if (lot.status !== 'LOCKED') continue;
    if (!next || Number(lot.maturesAtE3) < Number(next.maturesAtE3)) next = lot;
  }
  return next?.maturesAtE3;
}

/** A maturity or subscription time as shown in a table cell (wrapped in LtrText there). */
export const formatTermTime = (e3: string): string => formatTime(e3, 'YYYY-MM-DD HH:mm');

/**
 * The same time inside a translated sentence: isolated left to right (U+2066 … U+2069) so that
 * date and time keep their order in right-to-left text.
 */
export const termTimeInText = (e3: string): string => `\u2066${formatTermTime(e3)}\u2069`;

/** "Flexible" or "30 days". */
export const termText = (t: TFunction, p: SavingsProduct): string =>
  p.termDays === 0 ? t('earn.savings.flexible') : t('earn.savings.days', { days: p.termDays });

/** A product's name, as its row header: "USDT · 30 days". */
export const productName = (t: TFunction, p: SavingsProduct): string =>
  `${p.coin} · ${termText(t, p)}`;
