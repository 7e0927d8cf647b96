/**
 * The figures of the borrow form (docs/assets.md, "Savings and pledge loans", Borrowing), exact on
 * decimal strings (src/lib/money.ts), never floats, and computed as the simulator checks them: a
 * loan's value is its amount times the coin's USD rate (`exchange-rate`, the rate every valuation
 * of the simulator uses), its LTV the loan's value over the collateral's.
 */
import {
  compareDecimal,
  divideToScaled,
  mulDecimal,
  scaledToDecimal,
  sumDecimals,
} from '../../../lib/money';

/** The LTV's decimals as a fraction (the overview's: "0.5806" is 58.06 %). */
const LTV_DECIMALS = 4;
/** Hours in a year: the annual rate of an hourly one, as the exchanges write it. */
const HOURS_PER_YEAR = '8760';
/** The share of the initial LTV an amount filled in aims at (see `fillLtv`). */
const FILL_SHARE = '0.995';

/** A plain positive decimal as the server takes it ("5", "0.5"; not ".5", "05", "0"). */
export function isPositiveAmount(v: string): boolean {
  return /^(?:0|[1-9]\d*)(?:\.\d+)?$/.test(v) && compareDecimal(v, '0') > 0;
}

const isPositiveRate = (r: string | undefined): r is string =>
  r !== undefined && isPositiveAmount(r);

/**
 * The LTV of borrowing `loan` at `loanRate` against `collateral` at `collateralRate`, as a
 * fraction rounded up at 4 decimals (a risk figure is never shown lower than it is); undefined
 * when an amount is not one or a rate is missing.
 */
export function loanToValue(
  loan: string,
  loanRate: string | undefined,
  collateral: string,
  collateralRate: string | undefined,
): string | undefined {
  if (!isPositiveAmount(loan) || !isPositiveAmount(collateral)) return undefined;
  if (!isPositiveRate(loanRate) || !isPositiveRate(collateralRate)) return undefined;
  const scaled = divideToScaled(
    mulDecimal(loan, loanRate),
    mulDecimal(collateral, collateralRate),
    LTV_DECIMALS,
    'up',
  );
  return scaledToDecimal(scaled, LTV_DECIMALS);
}

/**
 * Whether borrowing `loan` against `collateral` stays within `limit` (a fraction), compared
 * exactly, as the server does: loan × loanRate ≤ collateral × collateralRate × limit.
 */
export function withinLtv(
  loan: string,
  loanRate: string,
  collateral: string,
  collateralRate: string,
  limit: string,
): boolean {
  return (
    compareDecimal(
      mulDecimal(loan, loanRate),
      mulDecimal(mulDecimal(collateral, collateralRate), limit),
    ) <= 0
  );
}

/**
 * The most that may be borrowed against `collateral` at `limit`, cut to the loan coin's
 * `precision` (what it gives is within the limit); undefined when it cannot be valued.
 */
export function maxLoan(
  collateral: string,
  collateralRate: string | undefined,
  loanRate: string | undefined,
  limit: string,
  precision: number,
): string | undefined {
  if (!isPositiveAmount(collateral)) return undefined;
  if (!isPositiveRate(loanRate) || !isPositiveRate(collateralRate)) return undefined;
  const value = mulDecimal(mulDecimal(collateral, collateralRate), limit);
  return scaledToDecimal(divideToScaled(value, loanRate, precision, 'down'), precision);
}

/**
 * The least collateral a loan of `loan` needs at `limit`, rounded up to the collateral coin's
 * `precision` (what it gives is within the limit); undefined when it cannot be valued.
 */
export function minCollateral(
  loan: string,
  loanRate: string | undefined,
  collateralRate: string | undefined,
  limit: string,
  precision: number,
): string | undefined {
  if (!isPositiveAmount(loan) || !isPositiveAmount(limit)) return undefined;
  if (!isPositiveRate(loanRate) || !isPositiveRate(collateralRate)) return undefined;
  const scaled = divideToScaled(
    mulDecimal(loan, loanRate),
    mulDecimal(collateralRate, limit),
    precision,
    'up',
  );
  return scaledToDecimal(scaled, precision);
}

/**
 * What a loan of `loan` owes after its first hour: the loan plus `hourlyRate` of it, the interest
 * rounded up to the coin's `precision`, as the simulator charges it every hour.
 */
export function owedAfterAnHour(loan: string, hourlyRate: string, precision: number): string {
  const interest = divideToScaled(mulDecimal(loan, hourlyRate), '1', precision, 'up');
  return sumDecimals([loan, scaledToDecimal(interest, precision)]);
}

/**
 * The LTV an amount the form fills in aims at: 99.5 % of the initial LTV (64.675 % of 65 %), not
 * the limit itself. The prices the form has are up to 5 s old and the market moves on until the
 * server checks: at the limit exactly, one tick down in the collateral's price between the two
 * refused the loan (131019) about every other time. Half a percent of the price is far more than
 * the simulated market moves in that time; what the user types is theirs, up to the limit.
 */
export const fillLtv = (initialLtv: string): string => mulDecimal(initialLtv, FILL_SHARE);

/** The annual rate of an hourly one (× 8,760, not compounded), a fraction. */
export const annualRate = (hourlyRate: string): string => mulDecimal(hourlyRate, HOURS_PER_YEAR);
