/**
 * What the app needs from the outside world, injected once at the root so tests can hand in
 * fakes: the session API (src/api/endpoints.ts in the app), the host config, dev flags, and the
 * tap slot the session recorder shares with the transport and the HTTP client.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { HostConfig } from '../config/host';
import type { TapSlot } from '../wire/tap';
import type { SessionApi } from '../pipeline/session';

export interface AppServices {
  api: SessionApi;
  host: Pick<
    HostConfig,
    'defaultLanguage' | 'langStorageKey' | 'langCookieName' | 'chatBase' | 'isLocal' | 'isTestnet'
  >;
  /** Offer the pseudo-locale in the language menu (development builds). */
  allowPseudo: boolean;
  /** Where a session recording plugs into this app's transport and HTTP client. */
  wireTap: TapSlot;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

/** The injected services; throws when used outside <ServicesProvider> (a wiring bug). */
export function useServices(): AppServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices must be used inside <ServicesProvider>');
  return s;
}
