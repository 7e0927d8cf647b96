import { describe, expect, it } from 'vitest';
import { createI18n } from '@src/i18n/i18n';
import { pseudoize } from '@src/i18n/pseudo';
import en from '../../../locales/en/user-assets.json';

describe('pseudo-locale', () => {
  it('accents and brackets text, leaving digits and punctuation', () => {
    expect(pseudoize('Sign in')).toBe('[Śíĝñ íñ]');
    expect(pseudoize('VIP 2: OK!')).toBe('[ṼÍÞ 2: ÖĶ!]');
    expect(pseudoize('')).toBe('[]');
  });

  it('marks every translated string in the pseudo language, after interpolation', async () => {
    const i18n = await createI18n({
      lng: 'pseudo',
      resources: { en: { 'user-assets': en } },
      allowPseudo: true,
    });
    expect(i18n.t('login.submit')).toBe('[Śíĝñ íñ]');
    expect(i18n.t('login.demo.signInAs', { username: 'leader' })).toBe('[Śíĝñ íñ áś ĺéáďéŕ]');
  });

  it('leaves real languages alone, and is not offered outside development', async () => {
    const dev = await createI18n({
      lng: 'en',
      resources: { en: { 'user-assets': en } },
      allowPseudo: true,
    });
    expect(dev.t('login.submit')).toBe('Sign in');
    const prod = await createI18n({ lng: 'pseudo', resources: { en: { 'user-assets': en } } });
    expect(prod.t('login.submit')).toBe('Sign in');
  });
});
