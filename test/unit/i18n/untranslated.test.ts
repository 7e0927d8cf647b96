/**
 * No English left in a translation (accessibility review L10): a text of another language that
 * is the English one word for word must be one of the kinds listed here, each with its reason;
 * and a language written in another script (Thai, Arabic, Cyrillic, CJK), where any Latin word
 * shows at once, holds only codes and names.
 * A new identical text fails here until someone decides what it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@src/i18n/languages';

const ROOT = join(import.meta.dirname, '../../../locales');

type Tree = { [key: string]: string | Tree };
const read = (lng: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(join(ROOT, lng, 'user-assets.json'), 'utf8')) as Tree);

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** Names, codes and units: the same in every language. */
const EVERYWHERE = new Set([
  'assetdeck',
  '© {{year}} assetdeck',
  'MT4',
  'MT5',
  'MT4/MT5',
  'LTV',
  'ROE',
  'APY',
  'DCA',
  'PnL',
  'OK',
  '{{n}} ms',
  // a transaction's id on its chain, as every exchange labels it
  'TxID',
]);

/**
 * Per language, the English texts that are also words of that language, spelled the same, or
 * the trading terms its exchanges use as they are (a translator's decision, made here).
 */
const SAME_WORD: Readonly<Record<string, readonly string[]>> = {
  // German: Details, Bonus, Status, Symbol, Limit, Minimum, Support, live, offline and "in"
  // are German words too; Coin(s), Wallets, Bots, Funding, Leader, Follower, Spot, Fiat, Grid,
  // Martingale, Long and Short are the German exchanges' own terms (the file uses them in its
  // sentences as well: "Funding-Konto", "Leader-Übersicht").
  'de-DE': [
    'Details',
    'Bonus',
    'Status',
    'Symbol',
    'Limit',
    'Minimum',
    'Support',
    'live',
    'offline',
    'in {{n}} s',
    'Coin',
    'Coins',
    'Wallets',
    'Bots',
    'Funding',
    'Leader',
    'Leader {{id}}',
    'Follower',
    'Spot',
    'Fiat',
    'Grid',
    'Martingale',
    'Long',
    'Short',
  ],
  // Spanish: "flexible" is Spanish; bots, fiat, spot and copy trading as Spanish exchanges write them.
  'es-ES': ['Flexible', 'Bots', 'Fiat', 'Spot', 'Copy trading'],
  // Indonesian: deposit, transfer, status, data, bonus, minimum, limit are Indonesian words; the
  // rest as Indonesian exchanges write them (the file's sentences use them too).
  'id-ID': [
    'Deposit',
    'Deposit {{coin}}',
    'Transfer',
    'Status',
    'Data',
    'Bonus',
    'Minimum',
    'Limit',
    'offline',
    'Leader',
    'Leader {{id}}',
    'Leverage',
    'Margin call',
    'Spot',
    'Fiat',
    'Grid',
    'Martingale',
    'Long',
    'Short',
    'Tag (memo)',
    'Copy trading',
  ],
  // Turkish: risk, bonus, limit, transfer are Turkish words; coin, spot, fiat, martingale as
  // Turkish exchanges write them.
  'tr-TR': ['Risk', 'Bonus', 'Limit', 'Transfer', 'Coin', 'Spot', 'Fiat', 'Martingale'],
  // Vietnamese exchanges write these as they are.
  'vi-VN': ['Coin', 'Spot', 'Martingale', 'Long', 'Short', 'Tag (memo)', 'Copy trading'],
};

/** The languages written in another script: any Latin word in them shows at once. */
const OTHER_SCRIPT = ['ar-SA', 'ja-JP', 'ko-KR', 'ru-RU', 'th-TH', 'zh-CN', 'zh-HK', 'zh-TW'];

/** Latin words such a text may hold: codes, units, brand and product names, "cookie". */
const LATIN_NAMES = new Set([
  'assetdeck',
  'APY',
  'DCA',
  'LTV',
  'ROE',
  'PnL',
  'MT',
  'MB',
  'ms',
  'USD',
  'USDT',
  'VIP',
  'ID',
  'QR',
  'OTP',
  'URL',
  'OK',
  'TxID',
  'CSV',
  'Google',
  'Authenticator',
  'Cookie',
  'cookie',
  // Chinese exchanges call the tag of XRP and the like "Memo".
  'Memo',
]);

describe('untranslated English (review L10)', () => {
  const en = read('en');
  const others = LANGUAGES.filter((l) => l !== 'en' && !l.startsWith('en-'));

  it.each(others)(
    '%s: every text equal to the English one is a name, a code or a word of it',
    (lng) => {
      const allowed = new Set([...EVERYWHERE, ...(SAME_WORD[lng] ?? [])]);
      const left = [...read(lng)]
        .filter(([key, text]) => en.get(key) === text && !allowed.has(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(left).toEqual([]);
    },
  );

  it.each(OTHER_SCRIPT)('%s: no Latin word but codes and names', (lng) => {
    const words = [...read(lng)].flatMap(([key, text]) =>
      [...text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/[A-Za-z]+(?:-[A-Za-z]+)*/g)]
        .map((m) => m[0])
        .filter((w) => !LATIN_NAMES.has(w))
        .map((w) => `${key}: ${w}`),
    );
    expect(words).toEqual([]);
  });

  it('the lists name only texts that are still there (none is kept for nothing)', () => {
    for (const [lng, words] of Object.entries(SAME_WORD)) {
      const texts = new Set(read(lng).values());
      expect(words.filter((w) => !texts.has(w)).map((w) => `${lng}: ${w}`)).toEqual([]);
    }
  });
});
