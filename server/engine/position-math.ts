/**
 * Position arithmetic on integers: sizes at the instrument's qty scale, prices at its price scale,
 * notionals at both summed, money in E8. Unrealised PnL is measured against the exact entry
 * notional, so repeated marking never drifts.
 */
import type { Position } from '../../src/wire/protocol';
import { divRound, E8, formatFixed, rescale } from '../lib/fixed';
import type { Instrument } from '../market/instruments';

export type Side = 'Buy' | 'Sell';

/** Taker fee: 0.055 % of the notional, rounded up (in the exchange's favour). */
const FEE_NUM = 55n;
const FEE_DEN = 100_000n;
/** Maintenance margin rate: 0.5 %. */
const MMR_NUM = 5n;
const MMR_DEN = 1000n;
/** Extra decimals of an average entry price beyond the price scale. */
const ENTRY_EXTRA_DECIMALS = 2;

export interface PositionRec {
  readonly key: string;
  readonly symbol: string;
  readonly positionIdx: number;
  /** The leader copied (for the leader's own positions, the leader). */
  readonly leaderId: number;
  readonly side: Side;
  readonly inst: Instrument;
  leverage: number;
  size: bigint;
  entryNotional: bigint;
  /** Fees paid on opening fills, for the net profit of the close. */
  openFeesE8: bigint;
  createdAt: number;
  closing: boolean;
}

const notionalScale = (inst: Instrument) => inst.priceScale + inst.qtyScale;

/** A notional (qty * price at the combined scale) in E8. */
export function notionalE8(inst: Instrument, notional: bigint, mode: 'trunc' | 'ceil' = 'trunc') {
  return rescale(notional, notionalScale(inst), E8, mode);
}

export function feeE8(inst: Instrument, qty: bigint, price: bigint): bigint {
  return divRound(notionalE8(inst, qty * price) * FEE_NUM, FEE_DEN, 'ceil');
}

/** Margin an order or position of this notional locks: notional / leverage. */
export function marginE8(inst: Instrument, notional: bigint, leverage: number): bigint {
  return divRound(notionalE8(inst, notional), BigInt(leverage), 'ceil');
}

export function unrealisedE8(p: PositionRec, price: bigint): bigint {
  const value = p.size * price;
  return notionalE8(p.inst, p.side === 'Buy' ? value - p.entryNotional : p.entryNotional - value);
}

export function maintenanceE8(p: PositionRec, mark: bigint): bigint {
  return divRound(notionalE8(p.inst, p.size * mark) * MMR_NUM, MMR_DEN, 'ceil');
}

/** Average entry price, a few decimals finer than the tick. */
export function entryPrice(p: PositionRec): string {
  if (p.size === 0n) return '0';
  const scale = p.inst.priceScale + ENTRY_EXTRA_DECIMALS;
  const n = divRound(p.entryNotional * 10n ** BigInt(ENTRY_EXTRA_DECIMALS), p.size, 'halfUp');
  return formatFixed(n, scale);
}

/**
 * Isolated-margin liquidation price: the price at which the margin left equals maintenance.
 * Long: entry * (1 - 1/lev + mmr), short: entry * (1 + 1/lev - mmr), on the tick grid.
 */
export function liqPrice(p: PositionRec): string {
  if (p.size === 0n) return '0';
  const lev = BigInt(p.leverage);
  const sign = p.side === 'Buy' ? -1n : 1n;
  const factorNum = MMR_DEN * lev + sign * MMR_DEN - sign * MMR_NUM * lev;
  const price = divRound(p.entryNotional * factorNum, p.size * MMR_DEN * lev, 'trunc');
  const tick = p.inst.tickUnits;
  const onGrid = p.side === 'Buy' ? divRound(price, tick, 'ceil') * tick : (price / tick) * tick;
  return formatFixed(onGrid > 0n ? onGrid : 0n, p.inst.priceScale);
}

/** The wire form of an open position marked at `mark`. */
export function positionWire(p: PositionRec, mark: bigint, updatedAt: number): Position {
  return {
    symbol: p.symbol,
    positionIdx: p.positionIdx,
    userId: p.leaderId,
    side: p.side,
    size: formatFixed(p.size, p.inst.qtyScale),
    entryPrice: entryPrice(p),
    markPrice: formatFixed(mark, p.inst.priceScale),
    leverage: String(p.leverage),
    liqPrice: liqPrice(p),
    unrealisedPnlE8: unrealisedE8(p, mark).toString(),
    createdAtE3: String(p.createdAt),
    updatedAtE3: String(updatedAt),
  };
}

/** The wire form of a closed position: entry price 0 removes it from every client. */
export function closedPositionWire(p: PositionRec, mark: bigint, updatedAt: number): Position {
  return {
    symbol: p.symbol,
    positionIdx: p.positionIdx,
    userId: p.leaderId,
    side: p.side,
    size: formatFixed(0n, p.inst.qtyScale),
    entryPrice: '0',
    markPrice: formatFixed(mark, p.inst.priceScale),
    leverage: String(p.leverage),
    liqPrice: '0',
    unrealisedPnlE8: '0',
    createdAtE3: String(p.createdAt),
    updatedAtE3: String(updatedAt),
  };
}

export function positionKeyOf(symbol: string, positionIdx: number, leaderId: number): string {
  return `${symbol}\u0000${positionIdx}\u0000${leaderId}`;
}
