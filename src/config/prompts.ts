/**
 * Storage keys of the shell's prompts (src/ui/dialogs/ShellPrompts.tsx): what a user has already
 * been shown, so that each prompt appears at most once where that makes sense. Per user id, so
 * that two demo accounts in one browser do not share them.
 */
import { DEFAULT_PRODUCT_ID } from './domains';

/** localStorage: the VIP welcome is shown once per user, ever. */
export const vipWelcomeSeenKey = (userId: number, productId = DEFAULT_PRODUCT_ID): string =>
  `${productId}_VIP_WELCOME_SEEN_${userId}`;

/** localStorage: the ids of the global-popup banners a user has dismissed (a JSON list). */
export const globalPopupSeenKey = (userId: number, productId = DEFAULT_PRODUCT_ID): string =>
  `${productId}_GLOBAL_POPUP_SEEN_${userId}`;

/** sessionStorage: the risk-intercept warning, once per browser session. */
export const riskWarningSeenKey = (userId: number, productId = DEFAULT_PRODUCT_ID): string =>
  `${productId}_RISK_WARNING_SEEN_${userId}`;

/** sessionStorage: the unified-upgrade offer, dismissed for this browser session. */
export const upgradeOfferSeenKey = (userId: number, productId = DEFAULT_PRODUCT_ID): string =>
  `${productId}_UPGRADE_OFFER_SEEN_${userId}`;

/** The banner placement of the global popup (POST /v3/config/banner). */
export const GLOBAL_POPUP_PLACEMENT = 'global_popup';
