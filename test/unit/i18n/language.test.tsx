import { useDirection } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore as createJotaiStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, initialLanguage, startLanguage } from '@src/i18n/language';
import { getCookie } from '@src/lib/cookie';
import { createStore as createKeyValueStore } from '@src/lib/storage';
import { currentLangAtom } from '@src/state/client';
import { LanguageMenu } from '@src/ui/LanguageMenu';
import { AppProviders } from '@src/app/providers';
import { renderWithProviders, TEST_HOST, testI18n, testServices } from '../ui/test-utils';

const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  document.cookie = '_by_l_g_d=; Max-Age=0; Path=/';
  root.lang = 'en';
  root.dir = 'ltr';
  window.history.replaceState(null, '', '/');
});

function DirectionProbe() {
  const { dir } = useDirection();
  return <output aria-label="mantine direction">{dir}</output>;
}

describe('initialLanguage', () => {
  const memory = () => createKeyValueStore(() => localStorage);

  it('prefers ?locale=, then the stored key, then the host region default', () => {
    const storage = memory();
    expect(initialLanguage({ host: TEST_HOST, search: '?locale=vi-VN', storage })).toBe('vi-VN');
    storage.set(TEST_HOST.langStorageKey, 'id-ID');
    expect(initialLanguage({ host: TEST_HOST, search: '', storage })).toBe('id-ID');
    expect(
      initialLanguage({
        host: { ...TEST_HOST, defaultLanguage: 'zh-HK' },
        search: '?locale=klingon',
        storage,
      }),
    ).toBe('zh-HK');
  });
});

describe('startLanguage', () => {
  it('keeps the language the page starts in as the menu keeps a choice: storage key and cookie', () => {
    // German picked in the menu once; then a link with ?locale=ar-SA.
    const storage = createKeyValueStore(() => localStorage);
    storage.set(TEST_HOST.langStorageKey, 'de-DE');
    document.cookie = '_by_l_g_d=de-DE; Path=/';
    expect(startLanguage({ host: TEST_HOST, search: '?locale=ar-SA', storage })).toBe('ar-SA');
    // The server writes its notices in the cookie's language: the page's, not the menu's old one.
    expect(getCookie('_by_l_g_d')).toBe('ar-SA');
    expect(localStorage.getItem('ASSETDECK_LANG_KEY')).toBe('ar-SA');
  });

  it('sets the cookie for a language that came from storage or the region default too', () => {
    const storage = createKeyValueStore(() => localStorage);
    storage.set(TEST_HOST.langStorageKey, 'id-ID');
    expect(startLanguage({ host: TEST_HOST, search: '', storage })).toBe('id-ID');
    expect(getCookie('_by_l_g_d')).toBe('id-ID');
    localStorage.clear();
    const host = { ...TEST_HOST, defaultLanguage: 'zh-HK' };
    expect(startLanguage({ host, search: '', storage })).toBe('zh-HK');
    expect(getCookie('_by_l_g_d')).toBe('zh-HK');
  });
});

describe('applyLanguage', () => {
  it('updates i18next, lang/dir, storage key, cookie, state and the ?locale= in the address', async () => {
    const i18n = await testI18n('en');
    const store = createJotaiStore();
    window.history.replaceState(null, '', '/copy-trade?locale=en&x=1');
    const applied = await applyLanguage('ar-SA', { i18n, store, host: TEST_HOST });
    expect(applied).toBe('ar-SA');
    expect(i18n.language).toBe('ar-SA');
    expect(root.lang).toBe('ar-SA');
    expect(root.dir).toBe('rtl');
    expect(localStorage.getItem('ASSETDECK_LANG_KEY')).toBe('ar-SA');
    expect(getCookie('_by_l_g_d')).toBe('ar-SA');
    expect(store.get(currentLangAtom)).toBe('ar-SA');
    expect(window.location.search).toBe('?locale=ar-SA&x=1');

    await applyLanguage('en', { i18n, store, host: TEST_HOST });
    expect(root.dir).toBe('ltr');
    expect(root.lang).toBe('en');
  });

  it('falls back to the region default for an unsupported language', async () => {
    const i18n = await testI18n('en');
    const store = createJotaiStore();
    const host = { ...TEST_HOST, defaultLanguage: 'zh-HK' };
    await expect(applyLanguage('xx-YY', { i18n, store, host })).resolves.toBe('zh-HK');
    expect(store.get(currentLangAtom)).toBe('zh-HK');
  });

  it('keeps the page usable when storage is disabled', async () => {
    const i18n = await testI18n('en');
    const store = createJotaiStore();
    const broken = createKeyValueStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await expect(
      applyLanguage('de-DE', { i18n, store, host: TEST_HOST, storage: broken }),
    ).resolves.toBe('de-DE');
    expect(root.lang).toBe('de-DE');
  });
});

describe('language menu', () => {
  it('switches to Arabic: text, document direction and Mantine direction follow, and back', async () => {
    const { store } = await renderWithProviders(
      <>
        <LanguageMenu />
        <DirectionProbe />
      </>,
    );
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('ltr');
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(root.dir).toBe('rtl'));
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('rtl');
    expect(store.get(currentLangAtom)).toBe('ar-SA');
    expect(screen.getByRole('button', { name: 'اللغة: العربية' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'اللغة: العربية' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(root.dir).toBe('ltr'));
    expect(screen.getByLabelText('mantine direction')).toHaveTextContent('ltr');
  });
});

describe('pseudo-locale in the menu', () => {
  it('is offered only when the services allow it (development builds)', async () => {
    const { unmount } = await renderWithProviders(<LanguageMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(await screen.findByRole('menuitem', { name: 'Deutsch' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Pseudo-locale' })).toBeNull();
    unmount();

    render(
      <AppProviders
        store={createJotaiStore()}
        i18n={await testI18n('en', true)}
        services={testServices({ allowPseudo: true })}
        env="test"
      >
        <LanguageMenu />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pseudo-locale' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^\[Ĺáñĝúáĝé/ })).toBeInTheDocument(),
    );
    expect(root.lang).toBe('en');
  });
});
