/**
 * Tabs of one site share the session cookie (src/pipeline/session.ts `watchOtherTabs`): a sign-in
 * as another user, or a sign-out, in one tab makes the others check who they act for, so a form
 * left open in one never sends for the user another tab signed in (review of the money flows).
 */
import { BroadcastChannel } from 'node:worker_threads';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@src/api/types';
import { bootstrapSession, watchOtherTabs, type SessionApi } from '@src/pipeline/session';
import { userAtom } from '@src/state/client';
import { MemoryStorage } from '../lib/memory-storage';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const profileOf = (userId: number): Profile => ({
  userId,
  nickName: `user${userId}`,
  email: '',
  mobile: '',
  vipLevel: 'VIP 0',
  kycLevel: 1,
  registerTimeE3: '1700000000000',
  region: 'GLOBAL',
});

/** The server's side of the shared cookie: whoever signed in last, or nobody (10007). */
function server() {
  let current = 1001;
  const noPermission = Object.assign(new Error('e10007'), { code: 10007 });
  const api = (): SessionApi => ({
    login: vi.fn(async () => ({ userId: current })),
    logout: vi.fn(async () => null),
    profile: vi.fn(async () => {
      if (current <= 0) throw noPermission;
      return profileOf(current);
    }),
    preferences: vi.fn(async () => ({
      showAssets: 1 as const,
      homeTradingPageUserGuide: 'show' as const,
    })),
    prefSetting: vi.fn(async () => ({ deposit_to: 'funding' })),
    copyProfile: vi.fn(async () => ({ isLeader: false, subMemberIdList: [], userId: current })),
    userTags: vi.fn(async () => ({ tags: [] })),
  });
  return { api, signIn: (id: number) => (current = id) };
}

async function tab(apiOf: () => SessionApi) {
  const store = createStore();
  const api = apiOf();
  await bootstrapSession(store, api);
  // Channels of this test's own (Node's), whatever the global is.
  const stop = watchOtherTabs(store, api, (name) => new BroadcastChannel(name) as never);
  return { store, api, stop };
}

describe('the tabs of one site', () => {
  it('a sign-in as another user in one tab: the other checks and acts for the new user', async () => {
    const s = server();
    const a = await tab(s.api);
    const b = await tab(s.api);
    expect(b.store.get(userAtom).userId).toBe(1001);
    const before = b.store.get(userAtom);
    // Tab A signs in as the trader (the cookie is now the trader's, in both tabs).
    s.signIn(3001);
    await bootstrapSession(a.store, a.api);
    await vi.waitFor(() => expect(b.store.get(userAtom).userId).toBe(3001));
    // A new session: what tab B showed of the follower is gone, its dialogs with it.
    expect(b.store.get(userAtom)).not.toBe(before);
    a.stop();
    b.stop();
  });

  it('a sign-out in one tab signs the other out; the same user again changes nothing', async () => {
    const s = server();
    const a = await tab(s.api);
    const b = await tab(s.api);
    const calls = () => (b.api.profile as ReturnType<typeof vi.fn>).mock.calls.length;
    const checked = calls();
    // Tab A checks again and is still the follower: nothing to tell.
    await bootstrapSession(a.store, a.api);
    s.signIn(0);
    await bootstrapSession(a.store, a.api);
    expect(a.store.get(userAtom).userId).toBe(0);
    await vi.waitFor(() => expect(b.store.get(userAtom).userId).toBe(0));
    expect(calls()).toBe(checked + 1);
    a.stop();
    b.stop();
  });
});
