import { describe, expect, it } from 'vitest';
import type { TransferableAccount } from '@src/api/types';
import { fundedAccounts } from '@src/ui/dialogs/money/transfer-accounts';

const ALL: TransferableAccount[] = ['DERIVATIVES', 'SPOT', 'UNIFIED', 'FUND'];
const holding =
  (...held: TransferableAccount[]) =>
  (a: TransferableAccount) =>
    held.includes(a);

describe('fundedAccounts', () => {
  it('keeps From when it holds the coin', () => {
    expect(fundedAccounts(ALL, 'DERIVATIVES', 'SPOT', holding('DERIVATIVES', 'SPOT'))).toEqual({
      from: 'DERIVATIVES',
      to: 'SPOT',
    });
  });

  it('takes the first other account that holds it, keeping To', () => {
    expect(fundedAccounts(ALL, 'DERIVATIVES', 'SPOT', holding('SPOT', 'FUND'))).toEqual({
      from: 'FUND',
      to: 'SPOT',
    });
  });

  it('turns the pair round when only To holds it (a newcomer: Spot → Derivatives)', () => {
    expect(fundedAccounts(ALL, 'DERIVATIVES', 'SPOT', holding('SPOT'))).toEqual({
      from: 'SPOT',
      to: 'DERIVATIVES',
    });
  });

  it('leaves both when no account holds it', () => {
    expect(fundedAccounts(ALL, 'DERIVATIVES', 'SPOT', holding())).toEqual({
      from: 'DERIVATIVES',
      to: 'SPOT',
    });
  });
});
