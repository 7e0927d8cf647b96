/**
 * The account's risk level (issue 15, item 1): an account with nothing open is not at risk; and
 * how its rates are rounded (a risk rate up, a yield to the nearest).
 */
import { describe, expect, it } from 'vitest';
import { rateE4 } from '@server/engine/ledger';
import { riskOf, type Valuation } from '@server/engine/valuation';

const base: Valuation = {
  positionMarginE8: 0n,
  orderMarginE8: 0n,
  maintenanceE8: 0n,
  unrealisedMpE8: 0n,
  unrealisedLpE8: 0n,
  unrealisedBpE8: 0n,
  equityE8: 0n,
  availableE8: 0n,
  exposures: 0,
};

describe('riskOf', () => {
  it('calls a new, empty account (equity 0, nothing open) safe', () => {
    expect(riskOf(base, 1).riskLevel).toBe('SAFE');
  });

  it('calls an account with nothing open safe even with negative equity', () => {
    expect(riskOf({ ...base, equityE8: -5n }, 1).riskLevel).toBe('SAFE');
  });

  it('calls equity at or below zero with positions danger', () => {
    const open = { ...base, exposures: 1, positionMarginE8: 100n, maintenanceE8: 10n };
    expect(riskOf({ ...open, equityE8: 0n }, 1).riskLevel).toBe('DANGER');
    expect(riskOf({ ...open, equityE8: -1n }, 1).riskLevel).toBe('DANGER');
  });

  it('grades by maintenance margin rate when positions are open', () => {
    const open = { ...base, exposures: 2, equityE8: 1_000n };
    expect(riskOf({ ...open, maintenanceE8: 499n }, 1).riskLevel).toBe('SAFE');
    expect(riskOf({ ...open, maintenanceE8: 500n }, 1).riskLevel).toBe('WARNING');
    expect(riskOf({ ...open, maintenanceE8: 799n }, 1).riskLevel).toBe('WARNING');
    expect(riskOf({ ...open, maintenanceE8: 800n }, 1).riskLevel).toBe('DANGER');
  });
});

describe('rates', () => {
  it('rounds the margin rates up: a risk shown lower than it is reads safer than it is', () => {
    // 824.8972 / 50 052.6456 = 1.648 %: 1.65 %, not 1.64 %
    const open = { ...base, exposures: 1, equityE8: 5_005_264_560_000n };
    const r = riskOf(
      { ...open, positionMarginE8: 82_489_720_000n, maintenanceE8: 82_489_720_000n },
      1,
    );
    expect(r.accountIMRateE4).toBe('165');
    expect(r.accountMMRateE4).toBe('165');
    // just under 50 % by a hair is graded at 50 %
    expect(riskOf({ ...open, maintenanceE8: 2_502_632_279_999n }, 1).riskLevel).toBe('WARNING');
  });

  it('rounds a yield to the nearest, either sign', () => {
    expect(rateE4(-509n, 100_000n, 'halfUp')).toBe('-51'); // -0.509 % is -0.51 %
    expect(rateE4(504n, 100_000n, 'halfUp')).toBe('50');
    expect(rateE4(505n, 100_000n, 'halfUp')).toBe('51');
    expect(rateE4(1n, 0n, 'halfUp')).toBe('0');
  });
});
