/**
 * How close a pledge loan is to liquidation, from its LTV and its liquidation LTV (decimal
 * fractions, compared exactly): "liquidation near" within 5 points of the liquidation LTV,
 * "margin call" within 10 points (the exchange asks for more collateral there), else "safe".
 */
import { compareDecimal, isDecimalInput, subDecimal } from '../../../lib/money';

export type LtvLevel = 'safe' | 'marginCall' | 'liquidation';

const MARGIN_CALL_DISTANCE = '0.10';
const LIQUIDATION_NEAR_DISTANCE = '0.05';

/**
 * The margin-call LTV of a loan liquidated at `liquidationLtv` (10 points below it): the limit the
 * borrow form shows beside the initial and the liquidation LTV.
 */
export function marginCallLtv(liquidationLtv: string): string {
  return subDecimal(liquidationLtv, MARGIN_CALL_DISTANCE);
}

export function ltvLevel(ltv: string, liquidationLtv: string): LtvLevel {
  if (!isDecimalInput(ltv) || !isDecimalInput(liquidationLtv)) return 'safe';
  if (compareDecimal(ltv, subDecimal(liquidationLtv, LIQUIDATION_NEAR_DISTANCE)) >= 0) {
    return 'liquidation';
  }
  if (compareDecimal(ltv, marginCallLtv(liquidationLtv)) >= 0) return 'marginCall';
  return 'safe';
}

/** Mantine colour of each level (the level is also written in words beside it). */
export const LTV_COLOR: Record<LtvLevel, string> = {
  safe: 'teal',
  marginCall: 'yellow',
  liquidation: 'red',
};
