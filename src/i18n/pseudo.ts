/**
 * A pseudo-locale for development: with the language `pseudo`, every string that went through
 * i18next comes out accented and bracketed ("[Śíĝñ íñ]"), so text that is still hard-coded is the
 * only plain text left on the page. Written by hand: it is a few lines, and the packages that do
 * this pull in their own i18next plugins we do not need.
 */
import type { PostProcessorModule } from 'i18next';
import { PSEUDO_LANGUAGE } from './languages';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MARKED = 'áƀçďéƒĝĥíĵķĺɱñöþǫŕśţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÖÞǪŔŚŢÚṼŴẊÝŽ';
const ACCENTS = new Map([...PLAIN].map((ch, i) => [ch, [...MARKED][i] ?? ch]));

/** Accent every ASCII letter and bracket the whole string. */
export function pseudoize(text: string): string {
  let out = '';
  for (const ch of text) out += ACCENTS.get(ch) ?? ch;
  return `[${out}]`;
}

export const pseudoPostProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pseudo',
  process(value: string, _key, _options, translator: { language?: string }) {
    return translator.language === PSEUDO_LANGUAGE ? pseudoize(value) : value;
  },
};
