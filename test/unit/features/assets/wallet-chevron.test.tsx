/**
 * The wallet Details chevron points at its text in RTL (review L1): it is an SVG, which the bidi
 * algorithm leaves alone, so the stylesheet's RTL flip is the only mirroring. A "›" character
 * was mirrored by bidi too, and so pointed away from the text in Arabic.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DerivativesScreen from '@src/features/assets/DerivativesScreen';
import { risk, wallet } from '../../state/fixtures';
import { renderScreen } from '../harness';

describe('wallet Details chevron', () => {
  it.each(['en', 'ar-SA'])('is an SVG, not a bidi-mirrored character (%s)', async (lng) => {
    const r = await renderScreen(<DerivativesScreen />, { lng });
    await r.seed({ wallet: { list: [wallet('USDT', 1)] }, risk: risk(1) });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { expanded: false })).not.toHaveLength(0),
    );
    for (const toggle of screen.getAllByRole('button', { expanded: false })) {
      expect(toggle.textContent).not.toMatch(/[‹›<>❯❮]/);
      expect(toggle.querySelector('svg[data-chevron][aria-hidden="true"]')).not.toBeNull();
    }
  });
});
