/**
 * Page metadata: title, description, canonical URL, Open Graph and Twitter card tags, written
 * into <head> and updated on every route change. Imperative upserts rather than React 19's
 * hoisted <title>/<meta>: index.html carries the defaults for crawlers without JS, and hoisting
 * would add duplicates next to them instead of replacing them.
 */

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL (origin + path, no query or hash). */
  url: string;
  siteName: string;
  /** BCP 47 language of the page, e.g. "en-US". */
  locale: string;
  /** Absolute image URL for share cards, if any. */
  image?: string;
}

/** The canonical URL of a location: origin and path only (queries such as ?locale= are views). */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  return `${origin}${path}`;
}

/** "Page · Site", or the site name alone for the default title. */
export function pageTitle(page: string | undefined, siteName: string): string {
  return page && page !== siteName ? `${page} · ${siteName}` : siteName;
}

function upsert(doc: Document, selector: string, create: () => HTMLElement): HTMLElement {
  const found = doc.head.querySelector<HTMLElement>(selector);
  if (found) return found;
  const el = create();
  doc.head.appendChild(el);
  return el;
}

function setMeta(doc: Document, attr: 'name' | 'property', key: string, content?: string) {
  const selector = `meta[${attr}="${key}"]`;
  if (content === undefined) {
    doc.head.querySelector(selector)?.remove();
    return;
  }
  const el = upsert(doc, selector, () => {
    const m = doc.createElement('meta');
    m.setAttribute(attr, key);
    return m;
  });
  el.setAttribute('content', content);
}

/** Write `meta` into the document head (idempotent: one tag per name). */
export function applyPageMeta(meta: PageMeta, doc: Document = document): void {
  doc.title = meta.title;
  const canonical = upsert(doc, 'link[rel="canonical"]', () => {
    const l = doc.createElement('link');
    l.setAttribute('rel', 'canonical');
    return l;
  });
  canonical.setAttribute('href', meta.url);
  setMeta(doc, 'name', 'description', meta.description);
  setMeta(doc, 'property', 'og:type', 'website');
  setMeta(doc, 'property', 'og:site_name', meta.siteName);
  setMeta(doc, 'property', 'og:title', meta.title);
  setMeta(doc, 'property', 'og:description', meta.description);
  setMeta(doc, 'property', 'og:url', meta.url);
  setMeta(doc, 'property', 'og:locale', meta.locale.replace('-', '_'));
  setMeta(doc, 'property', 'og:image', meta.image);
  setMeta(doc, 'name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary');
  setMeta(doc, 'name', 'twitter:title', meta.title);
  setMeta(doc, 'name', 'twitter:description', meta.description);
  setMeta(doc, 'name', 'twitter:image', meta.image);
}
