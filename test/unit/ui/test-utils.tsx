/**
 * Shared helpers for the shell's component tests: bundled translations (every locale file, read
 * through Vite's glob), a fake session API, and a renderer of the whole app on a memory router.
 */
import { render } from '@testing-library/react';
import type { Resource, ResourceLanguage } from 'i18next';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { vi, type Mocked } from 'vitest';
import type {
  ExchangeRateResult,
  IncomeHistoryResult,
  LeaderBotsResult,
  PrefSetting,
  Preferences,
} from '@src/api/types';
import { ScreenApiProvider, type ScreenApi } from '@src/facade/screen-api';
import type { CopyProfile, Profile, UserTags } from '@src/api/types';
import { App } from '@src/app/App';
import { AppProviders } from '@src/app/providers';
import { buildRoutes } from '@src/app/routes';
import type { AppServices } from '@src/facade/services';
import type { SessionApi } from '@src/pipeline/session';
import { createI18n } from '@src/i18n/i18n';
import { currentLangAtom } from '@src/state/client';
import { createTapSlot } from '@src/wire/tap';
import { earnOverview, sampleAggregateInfo } from '../../support/sample-answers';
import { fakeMoneyApi } from './money-fakes';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json', {
  eager: true,
});

/** Every locale file as an i18next Resource: { lng: { ns: {...} } }. */
function allResources(): Resource {
  const out: Record<string, ResourceLanguage> = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lng, ns] = m as unknown as [string, string, string];
    (out[lng] ??= {})[ns] = mod.default as ResourceLanguage[string];
  }
  return out;
}

export const testI18n = (lng = 'en', allowPseudo = false) =>
  createI18n({ lng, resources: allResources(), allowPseudo });

/** An API error as the HTTP client raises it (only `code` matters to the app). */
export function apiError(code: number, retMsg = ''): Error & { code: number; retMsg: string } {
  return Object.assign(new Error(retMsg || `error ${code}`), { code, retMsg });
}

export const PROFILES: Record<string, Profile> = {
  follower: profileFor(1001, 'follower'),
  leader: profileFor(2001, 'leader'),
  trader: profileFor(3001, 'trader'),
  newbie: profileFor(4001, 'newbie'),
};

function profileFor(userId: number, nickName: string): Profile {
  return {
    userId,
    nickName,
    email: `${nickName[0]}***@assetdeck.test`,
    mobile: '',
    vipLevel: 'VIP 1',
    kycLevel: 1,
    registerTimeE3: '1700000000000',
    region: 'GLOBAL',
  };
}

/** As the simulator answers: no sub-member ids; a follower is known by its user tag. */
export const COPY_PROFILES: Record<string, CopyProfile> = {
  follower: { isLeader: false, subMemberIdList: [], userId: 1001 },
  leader: { isLeader: true, subMemberIdList: [], userId: 2001 },
  trader: { isLeader: false, subMemberIdList: [], userId: 3001 },
  newbie: { isLeader: false, subMemberIdList: [], userId: 4001 },
};

export const USER_TAGS: Record<string, UserTags> = {
  follower: { tags: ['copytrade_follower'] },
  leader: { tags: ['copytrade_leader'] },
  trader: { tags: ['derivatives_pro'] },
  newbie: { tags: ['new_user', 'vip_welcome'] },
};

/** A session API whose user is `who` (or nobody: every private call answers 10007). */
export function fakeApi(who?: keyof typeof PROFILES, overrides: Partial<SessionApi> = {}) {
  const signedOut = () => Promise.reject(apiError(10007));
  const api = {
    login: vi.fn<SessionApi['login']>(async () => ({ userId: who ? PROFILES[who]!.userId : 0 })),
    logout: vi.fn<SessionApi['logout']>(async () => null),
    profile: vi.fn<SessionApi['profile']>(() =>
      who ? Promise.resolve(PROFILES[who]!) : signedOut(),
    ),
    preferences: vi.fn<SessionApi['preferences']>(async () => ({
      showAssets: 1 as const,
      homeTradingPageUserGuide: 'hide' as const,
    })),
    prefSetting: vi.fn<SessionApi['prefSetting']>(async () => ({ deposit_to: '' })),
    copyProfile: vi.fn<SessionApi['copyProfile']>(() =>
      who ? Promise.resolve(COPY_PROFILES[who]!) : signedOut(),
    ),
    userTags: vi.fn<SessionApi['userTags']>(() =>
      who ? Promise.resolve(USER_TAGS[who]!) : signedOut(),
    ),
    ...overrides,
  };
  return api;
}

export const TEST_HOST: AppServices['host'] = {
  defaultLanguage: 'en',
  langStorageKey: 'ASSETDECK_LANG_KEY',
  langCookieName: '_by_l_g_d',
  chatBase: 'http://127.0.0.1/chat',
  isLocal: true,
  isTestnet: true,
};

/** A no-permission event source the test can fire. */
function noPermissionSource() {
  const listeners = new Set<(err: unknown) => void>();
  return {
    subscribe: (l: (err: unknown) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    fire: (err: unknown) => listeners.forEach((l) => l(err)),
    get size() {
      return listeners.size;
    },
  };
}

export interface RenderAppOptions {
  path?: string;
  api?: SessionApi;
  lng?: string;
  store?: ReturnType<typeof createStore>;
  /** Default TEST_HOST (loopback). */
  host?: AppServices['host'];
  /** Default fakeScreenApi(): no screen reaches the network. */
  screenApi?: ScreenApi;
  /** Default buildRoutes(): the app's route table (a test may replace a screen in it). */
  routes?: RouteObject[];
}

/** The screens' REST calls as mocks; `over` replaces some. */
export function fakeScreenApi(over: Partial<ScreenApi> = {}): Mocked<ScreenApi> {
  const base: ScreenApi = {
    exchangeRate: vi.fn<ScreenApi['exchangeRate']>(async (): Promise<ExchangeRateResult> => ({
      list: [
        { coin: 'BTC', rate: '64000' },
        { coin: 'ETH', rate: '3000' },
        { coin: 'USDT', rate: '1' },
        { coin: 'EOS', rate: '0.5' },
        { coin: 'XRP', rate: '0.6' },
      ],
    })),
    savePreferences: vi.fn<ScreenApi['savePreferences']>(async (body): Promise<Preferences> => ({
      showAssets: 1,
      homeTradingPageUserGuide: 'hide',
      ...body,
    })),
    savePrefSetting: vi.fn<ScreenApi['savePrefSetting']>(
      async ({ key, value }): Promise<PrefSetting> => ({ deposit_to: '', [key]: value }),
    ),
    leaderIncomeHistory: vi.fn<ScreenApi['leaderIncomeHistory']>(
      async (): Promise<IncomeHistoryResult> => ({ list: [] }),
    ),
    leaderBots: vi.fn<ScreenApi['leaderBots']>(async (): Promise<LeaderBotsResult> => ({
      list: [],
    })),
    money: fakeMoneyApi(),
    assetOverview: vi.fn<ScreenApi['assetOverview']>(async () => earnOverview()),
    collateralSwitch: vi.fn<ScreenApi['collateralSwitch']>(async () => ({ status: 'SUCCESS' })),
    savingsSubscribe: vi.fn<ScreenApi['savingsSubscribe']>(async () => ({ status: 'SUCCESS' })),
    savingsRedeem: vi.fn<ScreenApi['savingsRedeem']>(async () => ({ status: 'SUCCESS' })),
    autoSaving: vi.fn<ScreenApi['autoSaving']>(async () => ({ status: 'SUCCESS' })),
    pledgeRepay: vi.fn<ScreenApi['pledgeRepay']>(async () => ({ status: 'SUCCESS' })),
    pledgeBorrow: vi.fn<ScreenApi['pledgeBorrow']>(async () => ({
      loanId: 'L-NEW',
      status: 'SUCCESS',
    })),
    aggregateInfo: vi.fn<ScreenApi['aggregateInfo']>(async () => sampleAggregateInfo()),
  };
  return { ...base, ...over } as Mocked<ScreenApi>;
}

/** The whole app on a memory router at `path` (the screens' REST calls answered by fakes). */
export async function renderApp({
  path = '/',
  api = fakeApi(),
  lng = 'en',
  store = createStore(),
  host = TEST_HOST,
  screenApi = fakeScreenApi(),
  routes = buildRoutes(),
}: RenderAppOptions = {}) {
  const i18n = await testI18n(lng);
  store.set(currentLangAtom, lng);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const noPermission = noPermissionSource();
  const services: AppServices = { api, host, allowPseudo: false, wireTap: createTapSlot() };
  const view = render(
    <ScreenApiProvider api={screenApi}>
      <App
        store={store}
        i18n={i18n}
        services={services}
        env="test"
        router={router}
        subscribeNoPermission={noPermission.subscribe}
      />
    </ScreenApiProvider>,
  );
  return { ...view, router, store, api, i18n, noPermission };
}

/** Some UI inside every provider (no router). */
export async function renderWithProviders(
  ui: ReactNode,
  { api = fakeApi(), lng = 'en', store = createStore() }: Omit<RenderAppOptions, 'path'> = {},
) {
  const i18n = await testI18n(lng);
  store.set(currentLangAtom, lng);
  const services: AppServices = {
    api,
    host: TEST_HOST,
    allowPseudo: false,
    wireTap: createTapSlot(),
  };
  const view = render(
    <ScreenApiProvider api={fakeScreenApi()}>
      <AppProviders store={store} i18n={i18n} services={services} env="test">
        {ui}
      </AppProviders>
    </ScreenApiProvider>,
  );
  return { ...view, store, i18n, api };
}

/** The services of a test app: a fake API for nobody, the test host, a tap slot of its own. */
export const testServices = (overrides: Partial<AppServices> = {}): AppServices => ({
  api: fakeApi(),
  host: TEST_HOST,
  allowPseudo: false,
  wireTap: createTapSlot(),
  ...overrides,
});
