import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyPageMeta, canonicalUrl, pageTitle } from '@src/ui/page-meta';
import { fakeApi, renderApp } from './test-utils';

const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('page metadata', () => {
  it('builds titles and canonical URLs', () => {
    expect(pageTitle(undefined, 'assetdeck')).toBe('assetdeck');
    expect(pageTitle('Copy trading', 'assetdeck')).toBe('Copy trading · assetdeck');
    expect(canonicalUrl('https://x.test', '/copy-trade/')).toBe('https://x.test/copy-trade');
    expect(canonicalUrl('https://x.test', '/')).toBe('https://x.test/');
  });

  it('writes one tag per name, Open Graph and Twitter included, and updates in place', () => {
    const base = {
      description: 'd1',
      url: 'https://x.test/a',
      siteName: 'assetdeck',
      locale: 'en-US',
    };
    applyPageMeta({ ...base, title: 'T1' });
    applyPageMeta({ ...base, title: 'T2', description: 'd2', image: 'https://x.test/i.png' });
    expect(document.title).toBe('T2');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(meta('meta[name="description"]')).toBe('d2');
    expect(meta('meta[property="og:title"]')).toBe('T2');
    expect(meta('meta[property="og:description"]')).toBe('d2');
    expect(meta('meta[property="og:url"]')).toBe('https://x.test/a');
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:locale"]')).toBe('en_US');
    expect(meta('meta[property="og:image"]')).toBe('https://x.test/i.png');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:title"]')).toBe('T2');
    applyPageMeta({ ...base, title: 'T3' });
    expect(meta('meta[property="og:image"]')).toBeUndefined();
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
  });

  it('follows the route: default-site title on /login, page titles on screens', async () => {
    const { router } = await renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Sign in · assetdeck'));
    expect(canonical()).toBe(`${window.location.origin}/login`);
    expect(meta('meta[property="og:title"]')).toBe('Sign in · assetdeck');
    expect(meta('meta[name="twitter:description"]')).toBe(
      'Sign in to watch your assets and copy trading live.',
    );
    await act(() => router.navigate('/nowhere'));
    await waitFor(() => expect(document.title).toBe('Page not found · assetdeck'));
    expect(canonical()).toBe(`${window.location.origin}/nowhere`);
  });

  it('titles a signed-in screen after its page', async () => {
    await renderApp({ path: '/copy-trade', api: fakeApi('follower') });
    await screen.findByRole('heading', { level: 1, name: 'Copy trading' });
    await waitFor(() => expect(document.title).toBe('Copy trading · assetdeck'));
    expect(meta('meta[property="og:description"]')).toMatch(/leaders you follow/);
  });
});
