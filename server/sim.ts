/** The running simulator's parts, as the REST, stream and admin layers see them. */
import type { Banners } from './rest/banners';
import type { Auth } from './accounts/auth';
import type { Assets } from './assets/assets';
import type { UserSettings } from './accounts/profiles';
import type { Clock } from './clock';
import type { Engine } from './engine/engine';
import type { Market } from './market/market';
import type { Recorder } from './record/recorder';
import type { RestFaults } from './admin/rest-faults';
import type { Hub } from './ws/hub';
import type { CollectEvent } from '../src/api/types';
import type { Ring } from './lib/ring';

export interface Sim {
  /** Simulated time: the market, the engine and every timestamp on the wire. */
  readonly clock: Clock;
  /**
   * Wall time for protocol timers (idle timeout, token expiry, rate limits, fault durations,
   * recording). The same clock as `clock` unless a real clock runs sped up.
   */
  readonly wall: Clock;
  readonly market: Market;
  readonly engine: Engine;
  /** Every account's assets outside the derivatives wallets, and the actions that move them. */
  readonly assets: Assets;
  readonly auth: Auth;
  readonly hub: Hub;
  readonly settings: UserSettings;
  readonly restFaults: RestFaults;
  readonly collected: Ring<CollectEvent>;
  /** The banner configuration, with the operator's announcements. */
  readonly banners: Banners;
  readonly recorder: Recorder | undefined;
  /** Name of the session cookie (secure-token-testnet). */
  readonly cookieName: string;
}
