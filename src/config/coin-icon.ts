/** Coin icon URLs on the static-assets host, resized by the CDN (48x48 unless told otherwise). */
import { currentHostConfig } from './host';

/** SPEC 9: default image resize 48x48. */
export const COIN_ICON_SIZE = 48;
const COIN = /^[A-Za-z0-9]{1,20}$/;

export interface CoinIconOptions {
  /** Square edge in CSS pixels; default 48. */
  size?: number;
  theme?: 'light' | 'dark';
  /** Static host; default the current host config's `staticHost`. */
  staticHost?: string;
}

/** The icon of `coin`; a name that is not a plain ticker gets the generic icon. */
export function coinIconUrl(coin: string, opts: CoinIconOptions = {}): string {
  const host = (opts.staticHost ?? currentHostConfig().staticHost).replace(/\/+$/, '');
  const size = Math.max(1, Math.round(opts.size ?? COIN_ICON_SIZE));
  const name = COIN.test(coin) ? coin.toLowerCase() : 'default';
  return `${host}/assets/image/coins/${opts.theme ?? 'light'}/${name}.png?x-oss-process=image/resize,w_${size},h_${size}`;
}
