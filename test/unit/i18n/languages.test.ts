import { describe, expect, it } from 'vitest';
import { directionOf, isRtl, LANGUAGES, matchLanguage, resolveLanguage } from '@src/i18n/languages';

describe('languages', () => {
  it('lists the 13 languages plus the regional zh-HK and ar-SA', () => {
    expect(LANGUAGES).toEqual([
      'en',
      'en-US',
      'zh-CN',
      'zh-TW',
      'ja-JP',
      'ko-KR',
      'ru-RU',
      'id-ID',
      'es-ES',
      'tr-TR',
      'th-TH',
      'vi-VN',
      'de-DE',
      'zh-HK',
      'ar-SA',
    ]);
  });

  it('matches tags case-insensitively and with underscores, never the pseudo-locale unless allowed', () => {
    expect(matchLanguage('ZH-cn')).toBe('zh-CN');
    expect(matchLanguage('ja_jp')).toBe('ja-JP');
    expect(matchLanguage('fr-FR')).toBeUndefined();
    expect(matchLanguage('')).toBeUndefined();
    expect(matchLanguage('pseudo')).toBeUndefined();
    expect(matchLanguage('pseudo', true)).toBe('pseudo');
  });
});

describe('resolveLanguage: query, then stored, then the region default', () => {
  const cases: [string, Parameters<typeof resolveLanguage>[0], string][] = [
    ['query wins', { search: '?locale=ja-JP', stored: 'de-DE', regionDefault: 'en' }, 'ja-JP'],
    ['query without ?', { search: 'locale=ko-KR', regionDefault: 'en' }, 'ko-KR'],
    ['stored when no query', { search: '', stored: 'ru-RU', regionDefault: 'en' }, 'ru-RU'],
    ['default en', { search: '', stored: null, regionDefault: 'en' }, 'en'],
    ['Hong Kong host default', { search: '', stored: null, regionDefault: 'zh-HK' }, 'zh-HK'],
    ['Emirates host default', { search: '', regionDefault: 'ar-SA' }, 'ar-SA'],
    [
      'unsupported query -> region default (not the stored value)',
      { search: '?locale=fr-FR', stored: 'de-DE', regionDefault: 'zh-HK' },
      'zh-HK',
    ],
    ['unsupported stored -> region default', { stored: 'xx', regionDefault: 'ar-SA' }, 'ar-SA'],
    [
      'empty query falls through to stored',
      { search: '?locale=', stored: 'th-TH', regionDefault: 'en' },
      'th-TH',
    ],
    ['region default outside the list -> en', { regionDefault: 'fr-FR' }, 'en'],
    ['pseudo only when allowed', { search: '?locale=pseudo', regionDefault: 'en' }, 'en'],
    [
      'pseudo in development',
      { search: '?locale=pseudo', regionDefault: 'en', allowPseudo: true },
      'pseudo',
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });
});

describe('right to left', () => {
  it('ar-SA is always right to left; the others are left to right', () => {
    expect(isRtl('ar-SA', [])).toBe(true);
    expect(directionOf('ar-SA', [])).toBe('rtl');
    for (const lng of LANGUAGES.filter((l) => l !== 'ar-SA'))
      expect(directionOf(lng, [])).toBe('ltr');
  });

  it('adds the languages the host page lists', () => {
    expect(isRtl('he-IL', ['he-IL', 'fa-IR'])).toBe(true);
    expect(isRtl('de-DE', ['he-IL'])).toBe(false);
  });
});
