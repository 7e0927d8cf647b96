import { useComputedColorScheme } from '@mantine/core';
import { useState } from 'react';
import { COIN_ICON_SIZE, coinIconUrl } from '../../facade';
import classes from './assets-area.module.css';

interface CoinIconProps {
  coin: string;
  /** Drawn size in CSS pixels (the image is the CDN's 48x48, sharp on 2x screens at 24). */
  size?: number;
}

/**
 * A coin's icon from the static host (SPEC 9: resized to 48x48), decorative: the coin's name is
 * always written beside it. When the image cannot be loaded, the coin's first letters stand in.
 */
function CoinIcon({ coin, size = 24 }: CoinIconProps) {
  const scheme = useComputedColorScheme('light');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        aria-hidden
        className={classes.coinFallback}
        style={{ inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.3) }}
      >
        {coin.slice(0, 4).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={coinIconUrl(coin, { size: COIN_ICON_SIZE, theme: scheme })}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={classes.coinIcon}
      onError={() => setFailed(true)}
    />
  );
}

/** The icon and the coin's name, side by side. */
export function CoinName({ coin }: { coin: string }) {
  return (
    <span className={classes.coinName}>
      <CoinIcon coin={coin} />
      <span dir="ltr">{coin}</span>
    </span>
  );
}
