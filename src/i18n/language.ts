/**
 * Choosing and switching the page language: one place that keeps i18next, the document's `lang`
 * and `dir`, the stored preference (localStorage `{product}_LANG_KEY` and cookie `_by_l_g_d`)
 * and `currentLangAtom` in step. Mantine's DirectionProvider follows through <DirectionSync/>.
 */
import type { i18n as I18n } from 'i18next';
import type { createStore as createJotaiStore } from 'jotai';
import type { HostConfig } from '../config/host';
import { setCookie } from '../lib/cookie';
import { localStore, type KeyValueStore } from '../lib/storage';
import { currentLangAtom } from '../state/client';
import {
  directionOf,
  LOCALE_QUERY_PARAM,
  matchLanguage,
  PSEUDO_LANGUAGE,
  resolveLanguage,
} from './languages';

type JotaiStore = ReturnType<typeof createJotaiStore>;
type LanguageHost = Pick<HostConfig, 'defaultLanguage' | 'langStorageKey' | 'langCookieName'>;

/** The language cookie lives a year, like the exchange's own. */
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface InitialLanguageInput {
  host: LanguageHost;
  search?: string;
  storage?: KeyValueStore;
  allowPseudo?: boolean;
}

/** The language to start with: `?locale=`, then the stored preference, then the region default. */
export function initialLanguage({
  host,
  search = globalThis.location?.search ?? '',
  storage = localStore,
  allowPseudo = false,
}: InitialLanguageInput): string {
  return resolveLanguage({
    search,
    stored: storage.get(host.langStorageKey),
    regionDefault: host.defaultLanguage,
    allowPseudo,
  });
}

/**
 * Keep `lng` as the user's language: the stored preference, and the cookie the server reads to
 * write its own texts (withdrawal notices, money messages) in the page's language.
 */
function rememberLanguage(lng: string, host: LanguageHost, storage: KeyValueStore): void {
  storage.set(host.langStorageKey, lng);
  setCookie(host.langCookieName, lng, { path: '/', maxAge: LANG_COOKIE_MAX_AGE, sameSite: 'Lax' });
}

/**
 * The language the page starts in (`initialLanguage`), kept as a choice in the menu is
 * (`applyLanguage`): a `?locale=` that differs from the stored preference or the cookie would
 * otherwise leave the server writing its texts in another language than the page's.
 */
export function startLanguage(input: InitialLanguageInput): string {
  const lng = initialLanguage(input);
  rememberLanguage(lng, input.host, input.storage ?? localStore);
  return lng;
}

/** Set `lang` and `dir` on the document root. */
export function applyDocumentLanguage(lng: string, doc: Document = document): void {
  const root = doc.documentElement;
  // The pseudo-locale is English text, marked.
  root.lang = lng === PSEUDO_LANGUAGE ? 'en' : lng;
  root.dir = directionOf(lng);
}

export interface ApplyLanguageDeps {
  i18n: I18n;
  store: JotaiStore;
  host: LanguageHost;
  storage?: KeyValueStore;
  doc?: Document;
  allowPseudo?: boolean;
}

/**
 * Switch to `requested` (an unsupported value means the region default); loads its namespaces
 * first so the page never shows half-translated text, then updates document, storage and state.
 * Returns the language actually applied.
 */
export async function applyLanguage(
  requested: string,
  {
    i18n,
    store,
    host,
    storage = localStore,
    doc = document,
    allowPseudo = false,
  }: ApplyLanguageDeps,
): Promise<string> {
  const lng = matchLanguage(requested, allowPseudo) ?? matchLanguage(host.defaultLanguage) ?? 'en';
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(lng, doc);
  rememberLanguage(lng, host, storage);
  store.set(currentLangAtom, lng);
  replaceLocaleQuery(lng, doc);
  return lng;
}

/**
 * A `?locale=` in the address would win over the new choice on the next load: rewrite it in place
 * (no navigation, no history entry).
 */
function replaceLocaleQuery(lng: string, doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  const url = new URL(win.location.href);
  if (!url.searchParams.has(LOCALE_QUERY_PARAM)) return;
  url.searchParams.set(LOCALE_QUERY_PARAM, lng);
  win.history.replaceState(win.history.state, '', url);
}
