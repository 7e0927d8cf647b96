/**
 * The amount checks of the transfer and withdrawal forms (src/ui/dialogs/money/amounts.ts): the
 * grammar the server takes, Arabic-Indic digits, and the limits written as the screens write them.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '@src/i18n/i18n';
import { amountError, normalizeAmountInput } from '@src/ui/dialogs/money/amounts';
import en from '../../../../locales/en/user-assets.json';
import ar from '../../../../locales/ar-SA/user-assets.json';
import de from '../../../../locales/de-DE/user-assets.json';

async function tOf(lng = 'en') {
  const i18n = await createI18n({
    lng,
    resources: {
      en: { 'user-assets': en },
      'ar-SA': { 'user-assets': ar },
      'de-DE': { 'user-assets': de },
    },
  });
  return i18n.t;
}

const USDT = { label: 'Amount', precision: 6 };

describe('amountError', () => {
  it('refuses ".5" and "5." (the server would answer a vague 131005), saying why', async () => {
    const t = await tOf();
    const point = 'Write Amount with a digit on each side of the decimal point, such as 0.5 or 5';
    expect(amountError(t, '.5', USDT)).toBe(point);
    expect(amountError(t, '5.', USDT)).toBe(point);
    expect(amountError(t, ' .5 ', USDT)).toBe(point);
    const zeros = 'Write Amount without leading zeros, such as 5 or 0.5';
    expect(amountError(t, '05', USDT)).toBe(zeros);
    expect(amountError(t, '00.5', USDT)).toBe(zeros);
    // what the server takes passes
    for (const ok of ['0.5', '5', '5.0', '10.000001', '1234567']) {
      expect(amountError(t, ok, USDT)).toBeUndefined();
    }
    // the other refusals are as before
    expect(amountError(t, '+5', USDT)).toBe('Amount is not a valid number');
    expect(amountError(t, '-5', USDT)).toBe('Amount must be greater than 0');
    expect(amountError(t, '0.0', USDT)).toBe('Amount must be greater than 0');
  });

  it('says so in every language (translated, not the English words)', async () => {
    const t = await tOf('ar-SA');
    expect(amountError(t, '.5', { ...USDT, label: 'المبلغ' })).toBe(
      'اكتب المبلغ برقم على جانبي الفاصلة العشرية، مثل 0.5 أو 5',
    );
  });

  it('reads Arabic-Indic and Persian digits and the Arabic decimal separator', async () => {
    const t = await tOf('ar-SA');
    expect(amountError(t, '١٠', { ...USDT, max: '20' })).toBeUndefined();
    expect(amountError(t, '۱۰', { ...USDT, max: '20' })).toBeUndefined();
    expect(amountError(t, '١٠٫٥', { ...USDT, max: '20' })).toBeUndefined();
    // checked as the number it is: over the maximum, too many decimals
    expect(amountError(t, '٢١', { ...USDT, max: '20', label: 'المبلغ' })).toBe(
      'لا يمكن أن يكون المبلغ أكبر من 20',
    );
    expect(amountError(t, '٠٫١٢٣٤٥٦٧', { ...USDT, label: 'المبلغ' })).toBe(
      'يمكن أن يحتوي المبلغ على 6 منازل عشرية كحد أقصى',
    );
  });
});

describe('normalizeAmountInput', () => {
  it('writes Arabic-Indic, Extended Arabic-Indic digits and U+066B as ASCII, nothing else', () => {
    expect(normalizeAmountInput('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeAmountInput('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeAmountInput('١٢٫٥')).toBe('12.5');
    expect(normalizeAmountInput('12.5')).toBe('12.5');
    expect(normalizeAmountInput('1,5 abc')).toBe('1,5 abc');
  });
});
