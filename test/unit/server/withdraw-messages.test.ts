/**
 * The simulator's withdrawal notices come in the user's language (the dashboard's language
 * cookie), like the exchange's: the walk in ja-JP found the TRC20 notice in English.
 */
import { describe, expect, it } from 'vitest';
import { languageOf, withdrawMessagesIn } from '@server/rest/withdraw-messages';
import { LANG_COOKIE_NAME } from '@src/config/domains';
import { LANGUAGES } from '@src/i18n/languages';

describe('withdraw notices', () => {
  const english = withdrawMessagesIn(undefined);

  it('are filtered by coin and chain', () => {
    expect(withdrawMessagesIn('en', 'USDT').map((m) => m.chain)).toEqual(['TRX', 'ETH']);
    expect(withdrawMessagesIn('en', 'USDT', 'TRX')).toEqual([
      {
        coin: 'USDT',
        chain: 'TRX',
        text: 'TRC20 withdrawals may take up to 30 minutes when the network is busy.',
      },
    ]);
  });

  it('are written in every language of the dashboard (English for en and en-US)', () => {
    for (const lang of LANGUAGES) {
      const texts = withdrawMessagesIn(lang).map((m) => m.text);
      expect(texts).toHaveLength(english.length);
      texts.forEach((text, i) => {
        if (lang.startsWith('en')) expect(text).toBe(english[i]!.text);
        else expect(text, `${lang} #${i}`).not.toBe(english[i]!.text);
      });
    }
    expect(withdrawMessagesIn('ja-JP', 'USDT', 'TRX')[0]!.text).toBe(
      'ネットワークの混雑時は、TRC20 の出金に最大 30 分かかる場合があります。',
    );
  });

  it('fall back to English for an unknown or missing language', () => {
    expect(withdrawMessagesIn('xx-XX')).toEqual(english);
    expect(withdrawMessagesIn('')).toEqual(english);
  });

  it('take the language from the cookie the dashboard sets', () => {
    expect(languageOf({ [LANG_COOKIE_NAME]: 'zh-CN', other: 'x' })).toBe('zh-CN');
    expect(languageOf({})).toBeUndefined();
  });
});
