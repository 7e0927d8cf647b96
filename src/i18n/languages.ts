/**
 * The languages of the dashboard, which of them read right to left, and how the page language is
 * chosen. Pure: callers pass the query string, the stored preference and the region default.
 */

export const LANGUAGES = [
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
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Development-only language that marks every translated string (see pseudo.ts). */
export const PSEUDO_LANGUAGE = 'pseudo';
/** Its entry in the language menu (a developer tool, shown only in development builds). */
export const PSEUDO_LANGUAGE_NAME = 'Pseudo-locale';

/** Each language's name in itself (autonyms are the same in every locale, so not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'en-US': 'English (US)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文（台灣）',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
  'id-ID': 'Bahasa Indonesia',
  'es-ES': 'Español',
  'tr-TR': 'Türkçe',
  'th-TH': 'ไทย',
  'vi-VN': 'Tiếng Việt',
  'de-DE': 'Deutsch',
  'zh-HK': '繁體中文（香港）',
  'ar-SA': 'العربية',
};

/** Always right to left, whatever the host page says. */
const BUILTIN_RTL_LANGUAGES: readonly string[] = ['ar-SA'];

/** The name of the <meta> through which a host page lists extra right-to-left languages. */
export const RTL_META_NAME = 'rtl-languages';

/** Languages the host page marks right to left: `<meta name="rtl-languages" content="fa-IR, he-IL">`. */
export function hostRtlLanguages(doc: Document | undefined = globalThis.document): string[] {
  const content = doc?.querySelector(`meta[name="${RTL_META_NAME}"]`)?.getAttribute('content');
  if (!content) return [];
  return content
    .split(/[\s,]+/)
    .map((s) => normalizeTag(s))
    .filter((s) => s.length > 0);
}

/** Lower-case compare key; accepts `zh_cn` and `ZH-cn` alike. */
function normalizeTag(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}

/** The supported language spelled as in LANGUAGES, or undefined. Pseudo only when allowed. */
export function matchLanguage(
  tag: string | null | undefined,
  allowPseudo = false,
): Language | typeof PSEUDO_LANGUAGE | undefined {
  if (!tag) return undefined;
  const key = normalizeTag(tag);
  if (allowPseudo && key === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  return LANGUAGES.find((l) => l.toLowerCase() === key);
}

/** Whether a language is written right to left (built-in list plus the host page's list). */
export function isRtl(lng: string, extra: readonly string[] = hostRtlLanguages()): boolean {
  const key = normalizeTag(lng);
  return [...BUILTIN_RTL_LANGUAGES, ...extra].some((l) => normalizeTag(l) === key);
}

export const directionOf = (lng: string, extra?: readonly string[]): 'rtl' | 'ltr' =>
  isRtl(lng, extra) ? 'rtl' : 'ltr';

/** The query parameter that picks the page language. */
export const LOCALE_QUERY_PARAM = 'locale';

export interface LanguageSources {
  /** `location.search` (with or without the leading '?'). */
  search?: string;
  /** The stored preference (localStorage `{product}_LANG_KEY`). */
  stored?: string | null;
  /** The region's default (host config `defaultLanguage`): zh-HK, ar-SA or en. */
  regionDefault: string;
  allowPseudo?: boolean;
}

/**
 * The page language: the `locale` query parameter, else the stored preference; the first of them
 * that is present decides, and an unsupported value falls back to the region default (as does
 * having neither). A region default outside the list falls back to en.
 */
export function resolveLanguage({
  search = '',
  stored,
  regionDefault,
  allowPseudo = false,
}: LanguageSources): Language | typeof PSEUDO_LANGUAGE {
  const fallback = matchLanguage(regionDefault) ?? 'en';
  const fromQuery = new URLSearchParams(search).get(LOCALE_QUERY_PARAM);
  const requested = fromQuery || stored;
  if (!requested) return fallback;
  return matchLanguage(requested, allowPseudo) ?? fallback;
}
