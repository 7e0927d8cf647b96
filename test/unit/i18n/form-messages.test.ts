import { describe, expect, it } from 'vitest';
import { formMessages, validateValue, type Rule } from '@src/i18n/form-messages';
import { createI18n } from '@src/i18n/i18n';
import en from '../../../locales/en/user-assets.json';
import de from '../../../locales/de-DE/user-assets.json';

async function messages(lng = 'en') {
  const i18n = await createI18n({
    lng,
    resources: { en: { 'user-assets': en }, 'de-DE': { 'user-assets': de } },
  });
  return formMessages(i18n.t);
}

describe('formMessages', () => {
  it('formats every default message from the catalogue', async () => {
    const m = await messages();
    expect(m.required('Username')).toBe('Please enter Username');
    expect(m.invalidType('Amount', 'number')).toBe('Amount is not a valid number');
    expect(m.invalidType('Email', 'email')).toBe('Email is not a valid email address');
    expect(m.invalidDate('Start')).toBe('Start is not a valid date');
    expect(m.patternMismatch('Code')).toBe('Code is not in the expected format');
    expect(m.string.len('PIN', 6)).toBe('PIN must be exactly 6 characters');
    expect(m.string.min('Name', 2)).toBe('Name must be at least 2 characters');
    expect(m.string.max('Name', 64)).toBe('Name cannot be longer than 64 characters');
    expect(m.string.range('Name', 2, 64)).toBe('Name must be between 2 and 64 characters');
    expect(m.number.len('Leverage', 10)).toBe('Leverage must equal 10');
    expect(m.number.min('Leverage', 1)).toBe('Leverage cannot be less than 1');
    expect(m.number.max('Leverage', 100)).toBe('Leverage cannot be greater than 100');
    expect(m.number.range('Leverage', 1, 100)).toBe('Leverage must be between 1 and 100');
    expect(m.array.len('Coins', 3)).toBe('Coins must have exactly 3 items');
    expect(m.array.min('Coins', 1)).toBe('Coins must have at least 1 items');
    expect(m.array.max('Coins', 5)).toBe('Coins cannot have more than 5 items');
    expect(m.array.range('Coins', 1, 5)).toBe('Coins must have between 1 and 5 items');
  });

  it('comes from i18next, so it follows the language', async () => {
    const m = await messages('de-DE');
    expect(m.required('Benutzername')).toBe('Bitte Benutzername eingeben');
    expect(m.invalidType('Betrag', 'number')).toBe('Betrag ist kein gültiger Wert vom Typ Zahl');
  });
});

describe('validateValue', () => {
  const check = async (value: unknown, rules: Rule[]) =>
    validateValue(value, rules, 'Field', await messages());

  it('required: empty, blank, null and [] fail; optional empty passes', async () => {
    for (const v of [undefined, null, '', '   ', []]) {
      expect(await check(v, [{ required: true }])).toBe('Please enter Field');
    }
    expect(await check('', [{ min: 3 }])).toBeUndefined();
  });

  it('strings: len, min, max and range by characters (not UTF-16 units)', async () => {
    expect(await check('abc', [{ len: 4 }])).toBe('Field must be exactly 4 characters');
    expect(await check('a', [{ min: 2 }])).toBe('Field must be at least 2 characters');
    expect(await check('abcd', [{ max: 3 }])).toBe('Field cannot be longer than 3 characters');
    expect(await check('a', [{ min: 2, max: 3 }])).toBe('Field must be between 2 and 3 characters');
    expect(await check('😀😀', [{ max: 2 }])).toBeUndefined();
  });

  it('numbers, also as exact decimal strings', async () => {
    expect(await check('abc', [{ type: 'number' }])).toBe('Field is not a valid number');
    expect(await check('1.5', [{ type: 'integer' }])).toBe('Field is not a valid whole number');
    expect(await check('0.000000001', [{ type: 'number', min: 0.00000001 }])).toBe(
      'Field cannot be less than 1e-8',
    );
    expect(await check('100000000000000000000.00000001', [{ type: 'number', max: 1e20 }])).toBe(
      'Field cannot be greater than 100000000000000000000',
    );
    expect(await check(5, [{ min: 1, max: 3 }])).toBe('Field must be between 1 and 3');
    expect(await check(3, [{ len: 3 }])).toBeUndefined();
    expect(await check('2', [{ type: 'number' }, { min: 1, max: 3 }])).toBeUndefined();
  });

  it('arrays, patterns, dates, emails and urls', async () => {
    expect(await check(['a'], [{ type: 'array', min: 2 }])).toBe(
      'Field must have at least 2 items',
    );
    expect(await check('abc', [{ pattern: /^\d+$/ }])).toBe('Field is not in the expected format');
    expect(await check('2026-13-45', [{ type: 'date' }])).toBe('Field is not a valid date');
    expect(await check('2026-11-21', [{ type: 'date' }])).toBeUndefined();
    expect(await check('a@b', [{ type: 'email' }])).toBe('Field is not a valid email address');
    expect(await check('javascript:alert(1)', [{ type: 'url' }])).toBe(
      'Field is not a valid web address',
    );
    expect(await check('https://assetdeck.test/x', [{ type: 'url' }])).toBeUndefined();
    expect(await check(42, [{ type: 'string' }])).toBe('Field is not a valid text');
  });
});
