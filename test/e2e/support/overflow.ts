/**
 * What overflows sideways on the current page: the page itself, any table (ARIA or HTML) reaching
 * past the viewport, and any scrolling box holding a table whose content is wider than the box.
 * Empty when everything fits. The user walks (support/a11y.ts) apply it to every screen.
 */
import type { Page } from 'playwright-core';

export function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) {
      found.push(`page: ${document.documentElement.scrollWidth} px > ${vw} px`);
    }
    for (const t of document.querySelectorAll<HTMLElement>('[role="table"], table')) {
      const name = t.getAttribute('aria-label') ?? t.querySelector('caption')?.textContent ?? '?';
      // a table kept for screen readers only (inside a visually hidden 1 px box) takes no room
      let hidden = false;
      for (let el: HTMLElement | null = t; el && !hidden; el = el.parentElement) {
        const r = el.getBoundingClientRect();
        hidden = r.width <= 1 || r.height <= 1;
      }
      if (hidden) continue;
      const box = t.getBoundingClientRect();
      if (box.right > vw + 1 || box.left < -1) {
        found.push(`${name}: table spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
      for (let el: HTMLElement | null = t; el && el !== document.body; el = el.parentElement) {
        const ox = getComputedStyle(el).overflowX;
        if (ox !== 'visible' && ox !== 'clip' && el.scrollWidth > el.clientWidth + 1) {
          found.push(`${name}: its area scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
          break;
        }
      }
    }
    return found;
  });
}

/**
 * What scrolls sideways inside the page's main region: any box whose overflow is `auto` or
 * `scroll` and whose content is wider than it (a table's scroller, a card list, a chart), named by
 * its label. Empty when nothing inside the main region scrolls sideways.
 */
export function scrollingRegions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const name =
          el.getAttribute('aria-label') ??
          el.querySelector('[aria-label]')?.getAttribute('aria-label') ??
          el.className;
        out.push(`${name} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return out;
  });
}

/** The elements of `selector` whose text is cut short (wider than their box), named `what`. */
function cutText(page: Page, selector: string, what: string): Promise<string[]> {
  return page.evaluate(
    ([selector, what]) => {
      const found: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        if (el.getBoundingClientRect().width <= 1) continue;
        if (el.scrollWidth > el.clientWidth + 1) {
          const table = el.closest('[role="table"]')?.getAttribute('aria-label') ?? '?';
          found.push(
            `${table}: ${what} "${el.textContent ?? ''}" is cut (${el.scrollWidth} > ${el.clientWidth})`,
          );
        }
      }
      return found;
    },
    [selector, what] as const,
  );
}

/** Row headers (the symbol, the coin: what names a row) that are cut short; empty when none. */
export const cutRowHeaders = (page: Page) => cutText(page, '[role="rowheader"]', 'row header');

/** Badges (an order's side, a position's direction, a bot's status) whose words are cut short. */
export const cutBadges = (page: Page) => cutText(page, '.mantine-Badge-label', 'badge');

/**
 * The header's controls (links and buttons of the banner) that do not fit: outside the viewport,
 * smaller than a 24 px target (WCAG 2.5.8), or overlapping another one.
 */
export function headerMisfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const vw = document.documentElement.clientWidth;
    const header = document.querySelector('header');
    const controls = [...(header?.querySelectorAll<HTMLElement>('a, button') ?? [])]
      .map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent ?? '?',
        box: el.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    controls.forEach(({ name, box }, i) => {
      if (box.left < 0 || box.right > vw) {
        found.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
      if (box.width < 24 || box.height < 24) {
        found.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)} px`);
      }
      for (const other of controls.slice(i + 1)) {
        const b = other.box;
        const apart =
          box.right <= b.left || b.right <= box.left || box.bottom <= b.top || b.bottom <= box.top;
        if (!apart) found.push(`${name} overlaps ${other.name}`);
      }
    });
    return found;
  });
}

/**
 * What the element matched by `selector` covers: the controls (links, buttons, fields, focusable
 * boxes) and table rows outside the header whose box meets its box in the part of the viewport
 * below the sticky header (content scrolled under the header is hidden by the header as a whole,
 * not by one of its controls). Empty when it covers nothing, or when it is not on screen.
 */
export function covered(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const target = document.querySelector<HTMLElement>(sel);
    const box = target?.getBoundingClientRect();
    if (!target || !box || box.width === 0 || box.height === 0) return [];
    const header = document.querySelector('header');
    const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    const bottom = document.documentElement.clientHeight;
    const content =
      'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="tab"], ' +
      '[role="switch"], [role="row"], tr, [tabindex]:not([tabindex="-1"])';
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(content)) {
      if (target.contains(el) || el.contains(target) || header?.contains(el)) continue;
      const r = el.getBoundingClientRect();
      const x = Math.max(r.left, box.left) < Math.min(r.right, box.right);
      const y = Math.max(r.top, box.top, top) < Math.min(r.bottom, box.bottom, bottom);
      if (r.width > 0 && r.height > 0 && x && y) {
        const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
        found.push(`${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${name.slice(0, 40)}"`);
      }
    }
    return found;
  }, selector);
}
