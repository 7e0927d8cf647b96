import { Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnifiedCoin } from '../../../facade';

export interface CollateralSwitchProps {
  coin: UnifiedCoin;
  /** What the switch shows: the optimistic value while a change is in flight. */
  checked: boolean;
  busy: boolean;
  onChange: (coin: string, next: boolean) => void;
}

/**
 * "Use BTC as collateral": on and off per coin. A coin that cannot be collateral shows the switch
 * disabled with the reason written beside it (and in a tooltip), not only greyed out.
 */
export function CollateralSwitch({ coin, checked, busy, onChange }: CollateralSwitchProps) {
  const { t } = useTranslation('user-assets');
  const label = t('earn.unified.useAsCollateral', { coin: coin.coin });
  if (!coin.collateralable) {
    const reason = t('earn.unified.notCollateralable', { coin: coin.coin });
    return (
      <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
        <span>
          <Switch
            checked={false}
            disabled
            aria-label={label}
            description={t('earn.unified.notCollateralableShort')}
            onChange={() => undefined}
          />
        </span>
      </Tooltip>
    );
  }
  return (
    <Switch
      checked={checked}
      disabled={busy}
      aria-label={label}
      aria-busy={busy || undefined}
      onChange={(e) => onChange(coin.coin, e.currentTarget.checked)}
    />
  );
}
