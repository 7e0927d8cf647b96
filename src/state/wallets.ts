/**
 * Derivatives wallets per coin (PROTOCOL.md section 5): fields present overwrite, only if the
 * update's walletVersion is higher than the stored one; missing balances default to "0"; the
 * default coins exist from the start.
 */
import { DEFAULT_WALLET_COINS, type Wallet } from '../wire/protocol';
import { KeyedDraft, snapshotTombstones, type KeyedState, type MergeOptions } from './keyed';

export type WalletsState = KeyedState<Wallet>;

/** A wallet as it exists before any update: both balances "0". */
export function defaultWallet(coin: string): Wallet {
  return { coin, availableBalanceE8: '0', walletBalanceE8: '0' };
}

export function initialWallets(): WalletsState {
  return {
    rows: new Map(DEFAULT_WALLET_COINS.map((c) => [c, defaultWallet(c)])),
    gone: new Map(),
  };
}

/** Applies wallet updates in order; untouched wallets keep their identity. */
export function mergeWallets(
  state: WalletsState,
  items: readonly Wallet[],
  opts?: MergeOptions,
): WalletsState {
  const draft = new KeyedDraft(state);
  for (const item of items) {
    const cur = draft.get(item.coin);
    if (cur) {
      if (
        cur.walletVersion !== undefined &&
        !(item.walletVersion !== undefined && item.walletVersion > cur.walletVersion)
      ) {
        continue;
      }
      draft.set(item.coin, { ...cur, ...item });
    } else {
      if (
        item.updatedAtE3 !== undefined &&
        draft.isStaleForAbsent(item.coin, item.updatedAtE3, opts)
      ) {
        continue;
      }
      draft.set(item.coin, { ...defaultWallet(item.coin), ...item });
    }
  }
  return draft.finish();
}

/** The topic's state becomes this snapshot; the default coins always remain. */
export function snapshotWallets(
  prev: WalletsState,
  items: readonly Wallet[],
  atMicros: string | undefined,
): WalletsState {
  const fresh = mergeWallets(initialWallets(), items);
  return { rows: fresh.rows, gone: snapshotTombstones(prev, fresh, atMicros) };
}
