/**
 * The amount checks of the transfer and withdrawal forms (src/ui/dialogs/money/amounts.ts): the
 * grammar the server takes, Arabic-Indic digits, and the limits written as the screens write them.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '@src/i18n/i18n';
import { exactDecimals } from '@src/ui/amount/format-amount';
import { amountError, chosenAmountText, normalizeAmountInput } from '@src/ui/dialogs/money/amounts';
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

  it('reads a decimal comma as the point in the languages whose figures have one', async () => {
    const t = await tOf('de-DE');
    const rules = { ...USDT, label: 'Betrag', max: '20', language: 'de-DE' };
    expect(normalizeAmountInput('10,5', 'de-DE')).toBe('10.5');
    for (const l of ['es-ES', 'id-ID', 'ru-RU', 'tr-TR', 'vi-VN']) {
      expect(normalizeAmountInput('0,25', l)).toBe('0.25');
    }
    expect(amountError(t, '10,5', rules)).toBeUndefined();
    expect(amountError(t, '0,1234567', rules)).toBe(
      'Betrag darf höchstens 6 Nachkommastellen haben',
    );
    // a point typed is a point too (the field shows ASCII)
    expect(amountError(t, '10.5', rules)).toBeUndefined();
    // thousands separators, either way, are refused saying how to write it
    const sep = 'Schreiben Sie Betrag ohne Tausendertrennzeichen, z. B. 1234,5';
    expect(amountError(t, '1.000,5', rules)).toBe(sep);
    expect(amountError(t, '1.000.000', rules)).toBe(sep);
  });

  it('refuses digits grouped by points in threes where the decimal separator is a comma', async () => {
    // "Verfügbar: 8.733,1449 USDT" beside the field: "1.000" there is one thousand, not 1.
    const t = await tOf('de-DE');
    const rules = { ...USDT, label: 'Betrag', language: 'de-DE' };
    const sep = 'Schreiben Sie Betrag ohne Tausendertrennzeichen, z. B. 1234,5';
    for (const v of ['1.000', '8.884', '12.500', '999.999', '1.000.000']) {
      expect(amountError(t, v, rules)).toBe(sep);
    }
    // a comma is read as the point as it is typed: "1,000" then reads "1.000", as ambiguous
    expect(amountError(t, '1,000', rules)).toBe(sep);
    for (const l of ['es-ES', 'id-ID', 'ru-RU', 'tr-TR', 'vi-VN']) {
      expect(amountError(t, '1.000', { ...rules, language: l })).toBe(sep);
    }
    // a point that groups nothing is the decimal point the field shows
    for (const ok of ['10.5', '1.25', '0.001', '1.0000', '1234.567', '10,5', '0,001']) {
      expect(amountError(t, ok, rules)).toBeUndefined();
    }
    // where the point is the decimal separator, "1.000" is 1
    const en = await tOf();
    for (const l of ['en', 'en-US', 'ja-JP', 'zh-CN', 'th-TH', 'ar-SA']) {
      expect(amountError(en, '1.000', { ...USDT, language: l })).toBeUndefined();
    }
  });

  it('leaves a comma alone where it is not the decimal separator, and says why it is refused', async () => {
    const t = await tOf();
    for (const l of ['en', 'en-US', 'ja-JP', 'zh-CN', 'th-TH', 'ar-SA']) {
      expect(normalizeAmountInput('1,5', l)).toBe('1,5');
    }
    const sep = 'Write Amount without thousands separators, such as 1234.5';
    for (const v of ['1,000', '1,000.5', '1 000', "1'000", '1,5']) {
      expect(amountError(t, v, { ...USDT, language: 'en' })).toBe(sep);
    }
    // never read as 1000 or 1.5: nothing is guessed
    expect(amountError(t, '1,000', { ...USDT, max: '2', language: 'en' })).toBe(sep);
  });

  it('writes the maximum as the coin figure beside it, rounded down', async () => {
    const t = await tOf();
    const rules = { ...USDT, max: '9500.75615383', coin: 'USDT' };
    // "Available: 9,500.7561" on screen: the message writes the same, never more than allowed
    expect(amountError(t, '9500.7562', rules)).toBe('Amount cannot be greater than 9,500.7561');
    expect(amountError(t, '9500.756153', rules)).toBeUndefined();
    // in the page's separators, and masked while the user hides their assets
    const de_ = await tOf('de-DE');
    expect(amountError(de_, '9600', { ...rules, language: 'de-DE', label: 'Betrag' })).toBe(
      'Betrag darf nicht größer als 9.500,7561 sein',
    );
    expect(amountError(t, '9600', { ...rules, masked: true })).toBe(
      'Amount cannot be greater than ****',
    );
  });

  it('writes the minimum as the coin figure, rounded up', async () => {
    const t = await tOf();
    expect(amountError(t, '0.5', { ...USDT, min: '1', coin: 'USDT' })).toBe(
      'Amount cannot be less than 1.0000',
    );
    // a minimum between two shown decimals is shown above, never below: 1.0001 passes
    expect(amountError(t, '1.00001', { ...USDT, min: '1.00005', coin: 'USDT' })).toBe(
      'Amount cannot be less than 1.0001',
    );
    // a minimum is not the user's money: not masked
    expect(amountError(t, '0.5', { ...USDT, min: '1', coin: 'USDT', masked: true })).toBe(
      'Amount cannot be less than 1.0000',
    );
    // without the coin (callers not passing it yet) the limits are written as given
    expect(amountError(t, '0.5', { ...USDT, min: '10' })).toBe('Amount cannot be less than 10');
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

describe('chosenAmountText', () => {
  it('writes an amount the user chose in the page language with every decimal typed', () => {
    expect(chosenAmountText('12.123456', 'USDT', 'de-DE')).toBe('12,123456');
    expect(chosenAmountText('1234.5', 'USDT', 'en')).toBe('1,234.5');
    expect(chosenAmountText('10', 'USDT', 'en')).toBe('10');
    expect(chosenAmountText('0.00000001', 'BTC', 'de-DE')).toBe('0,00000001');
  });
});

describe('exactDecimals', () => {
  it("is the coin's display decimals, or more where a figure has more", () => {
    expect(exactDecimals('USDT', '1', '20')).toBe(4);
    expect(exactDecimals('USDT', '10.123456', '1')).toBe(6);
    expect(exactDecimals('USDT', '10', '0.000123')).toBe(6);
    expect(exactDecimals('BTC', '0.1')).toBe(8);
  });
});
