/**
 * The last known show/hide-assets choice of each user on this device (localStorage), the
 * fallback when the preferences call fails: a failed call must never reveal amounts a user hid.
 */
import { showAssetsKey as key } from '../config/storage-keys';
import { localStore, type KeyValueStore } from '../lib/storage';

/** Keeps `value` as `userId`'s last known choice (1 shown, 0 hidden). */
export function rememberShowAssets(
  userId: number,
  value: 0 | 1,
  storage: KeyValueStore = localStore,
): void {
  if (userId > 0) storage.set(key(userId), String(value));
}

/** `userId`'s last known choice on this device, if any (anything unreadable counts as none). */
export function recallShowAssets(
  userId: number,
  storage: KeyValueStore = localStore,
): 0 | 1 | undefined {
  const v = userId > 0 ? storage.get(key(userId)) : null;
  return v === '0' ? 0 : v === '1' ? 1 : undefined;
}
