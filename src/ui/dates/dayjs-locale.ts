/**
 * The dayjs locale of each page language, loaded when a date control first needs it: Mantine's
 * calendars take their month and weekday names from dayjs (`DatesProvider` `locale`), and dayjs
 * knows only English until a locale file has registered itself. The locales of the 13 other
 * languages are one lazy file (./dayjs-locales.ts, about 5 KB gzip): neither the entry chunk nor
 * a screen without a date control carries any of them, and a page in English never loads it.
 */
import { useEffect, useState } from 'react';
import type { Language } from '../../i18n/languages';

/** English, built into dayjs: nothing to load. */
export const DAYJS_BUILTIN = 'en';

/** Each language's dayjs locale (every one of them registered by ./dayjs-locales.ts). */
const LOCALES: Readonly<Record<Language, string>> = {
  en: DAYJS_BUILTIN,
  'en-US': DAYJS_BUILTIN,
  'zh-CN': 'zh-cn',
  'zh-TW': 'zh-tw',
  'ja-JP': 'ja',
  'ko-KR': 'ko',
  'ru-RU': 'ru',
  'id-ID': 'id',
  'es-ES': 'es',
  'tr-TR': 'tr',
  'th-TH': 'th',
  'vi-VN': 'vi',
  'de-DE': 'de',
  'zh-HK': 'zh-hk',
  'ar-SA': 'ar-sa',
};

/** The dayjs locale of a page language; English for one without its own (the pseudo-locale). */
export const dayjsLocaleOf = (lng: string): string =>
  (LOCALES as Readonly<Record<string, string | undefined>>)[lng] ?? DAYJS_BUILTIN;

/** Set once the locales file has run (then every locale of the table is registered). */
let registered = false;
/** Its load, shared by every caller; forgotten when it failed, so a later call tries again. */
let loading: Promise<void> | undefined;

const readyName = (name: string) => (name === DAYJS_BUILTIN || registered ? name : DAYJS_BUILTIN);

/**
 * Registers the dayjs locale of `lng` (the locales file is loaded once, on the first call for a
 * language other than English) and resolves with its name. When the file cannot be loaded
 * (offline, a build replaced under the page) it resolves with English: the picker still works,
 * in English, and the next call tries again.
 */
export function loadDayjsLocale(lng: string): Promise<string> {
  const name = dayjsLocaleOf(lng);
  if (name === DAYJS_BUILTIN || registered) return Promise.resolve(name);
  loading ??= import('./dayjs-locales').then(
    () => {
      registered = true;
    },
    () => {
      loading = undefined;
    },
  );
  return loading.then(() => readyName(name));
}

/**
 * The dayjs locale to render `lng` with now: its own once registered (this hook starts the
 * load), English until then. A closed date field shows nothing of the locale (its value is in a
 * fixed numeric form), and the load is done long before a user has opened the calendar.
 */
export function useDayjsLocale(lng: string): string {
  const name = dayjsLocaleOf(lng);
  // Only a re-render when the load is done: what to show is read from `registered` below, so a
  // language switched to after the load shows at once, not after the effect.
  const [, setLoaded] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadDayjsLocale(lng).then((n) => {
      if (live) setLoaded(n);
    });
    return () => {
      live = false;
    };
  }, [lng]);
  return readyName(name);
}
