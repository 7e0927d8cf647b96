/** The account's risk level (issue 15, item 1): an account with nothing open is not at risk. */
import { describe, expect, it } from 'vitest';
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
