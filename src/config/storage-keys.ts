/**
 * The names the app keeps on the device that are not per feature (those sit with their feature's
 * config: assets.ts, prompts.ts; the language key is per product in domains.ts/host.ts).
 */

/**
 * localStorage: the chosen colour scheme ('light' | 'dark'). public/theme-boot.js reads the same
 * literal before the app loads (test/integration/server/security-headers.test.ts holds them
 * together).
 */
export const THEME_STORAGE_KEY = 'ASSETDECK_THEME';

/** localStorage: a user's last known show/hide-assets choice, the fallback when preferences fail. */
export const showAssetsKey = (userId: number): string => `assetdeck:showAssets:${userId}`;
