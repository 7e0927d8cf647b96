/**
 * The i18next instance: namespaces loaded over HTTP per language from /locales/{lng}/{ns}.json,
 * retried on 5xx only (up to 5 times, 350 ms doubling), at most 10 reads at a time.
 */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, PSEUDO_LANGUAGE } from './languages';
import { pseudoPostProcessor } from './pseudo';

export const NAMESPACES = ['user-assets', 'inverse-error-code'] as const;
type Namespace = (typeof NAMESPACES)[number];
const DEFAULT_NAMESPACE: Namespace = 'user-assets';
const FALLBACK_LANGUAGE = 'en';

export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/** i18next's own retry and concurrency options for backend reads. */
export const BACKEND_READ_OPTIONS = {
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
} as const;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
type RequestFn = NonNullable<HttpBackendOptions['request']>;

/**
 * The backend's transport: a response (any status) is passed on so the backend retries 5xx and
 * not 4xx; a request that never got a response is reported without retry. The backend would
 * retry those too when the error text mentions "fetch"/"network"/"failed"/"load", so this message
 * avoids those words on purpose: the contract is "retry on 5xx only".
 */
function localeRequest(fetchImpl: Fetch): RequestFn {
  return (_options, url, _payload, callback) => {
    fetchImpl(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(async (res) => callback(null, { status: res.status, data: await res.text() }))
      .catch(() => callback(new Error('locale request got no response'), null));
  };
}

export interface CreateI18nOptions {
  lng: string;
  /** Bundled resources (tests, storybook-like harnesses): no HTTP at all. */
  resources?: Resource;
  /** Where to read namespaces from; absolute in Node. */
  loadPath?: string;
  fetch?: Fetch;
  /** Override the first retry delay (tests); 350 ms otherwise. */
  retryTimeout?: number;
  /** Offer the pseudo-locale (development builds). */
  allowPseudo?: boolean;
}

/** Create and initialise an i18next instance; resolves once the first language is loaded. */
export async function createI18n({
  lng,
  resources,
  loadPath = LOCALES_LOAD_PATH,
  fetch: fetchImpl = (url, init) => globalThis.fetch(url, init),
  retryTimeout = BACKEND_READ_OPTIONS.retryTimeout,
  allowPseudo = false,
}: CreateI18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).use(pseudoPostProcessor);
  if (!resources) instance.use(HttpBackend);

  const backend: HttpBackendOptions = {
    // The pseudo-locale is English, marked: read the English files for it.
    loadPath: (lngs) =>
      lngs[0] === PSEUDO_LANGUAGE ? loadPath.replace('{{lng}}', FALLBACK_LANGUAGE) : loadPath,
    request: localeRequest(fetchImpl),
  };

  await instance.init({
    lng,
    resources,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: allowPseudo ? [...LANGUAGES, PSEUDO_LANGUAGE] : [...LANGUAGES],
    load: 'currentOnly',
    postProcess: allowPseudo ? ['pseudo'] : false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    maxRetries: BACKEND_READ_OPTIONS.maxRetries,
    retryTimeout,
    maxParallelReads: BACKEND_READ_OPTIONS.maxParallelReads,
    backend: resources ? undefined : backend,
    react: { useSuspense: true },
  });
  return instance;
}
