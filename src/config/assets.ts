/** Names the user-assets area keeps on the device (the one place for its storage keys). */
import { DEFAULT_PRODUCT_ID } from './domains';

/** localStorage key of a user's "hide small balances" choice on the overview ("1" / "0"). */
export function hideSmallBalancesKey(userId: number, productId: string = DEFAULT_PRODUCT_ID) {
  return `${productId}_HIDE_SMALL_BALANCES_${userId}`;
}
