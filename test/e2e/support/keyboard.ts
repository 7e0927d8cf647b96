/**
 * Keyboard-only walks: what has focus, whether its focus indicator shows, whether anything covers
 * it (WCAG 2.4.7, 2.4.11), and Tab / Shift+Tab until a wanted control has focus.
 */
import type { Page } from 'playwright-core';

export interface FocusStop {
  tag: string;
  role: string | null;
  /** Accessible-ish name: aria-label, else the text. */
  name: string;
  /** An outline, a box-shadow ring, or (inputs) a border in the focus colour. */
  visible: boolean;
  /** The element at the centre of its visible box is itself (or inside it): not hidden. */
  unobscured: boolean;
  inViewport: boolean;
}

/** The focused element, described (null: focus is on <body> or nowhere). */
export async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    // The indicator as it ends up: a border or ring that fades in is read once its transition ran.
    const box = el.closest<HTMLElement>('.mantine-Input-input') ?? el;
    await Promise.all(
      [...el.getAnimations(), ...box.getAnimations()]
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const cs = getComputedStyle(el);
    const outline =
      cs.outlineStyle !== 'none' &&
      parseFloat(cs.outlineWidth) >= 1 &&
      !/rgba\(.*,\s*0\)$/.test(cs.outlineColor);
    const ring = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    // Mantine's text fields show focus as a border in the primary colour (resolved here), on the
    // field itself or, when the input sits inside one (a password field and its eye), on the
    // field box around it (:focus-within).
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const field =
      (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') &&
      getComputedStyle(box).borderTopColor === primary;
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height, 40) / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name,
      visible: outline || ring || field,
      unobscured: !!hit && (hit === el || el.contains(hit) || hit.contains(el)),
      inViewport: r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
    };
  });
}

/**
 * Presses `key` (Tab or Shift+Tab) until `wanted` holds for the focused element; every stop on
 * the way is returned (the last is the wanted one). Fails after `max` presses.
 */
export async function tabUntil(
  page: Page,
  wanted: (stop: FocusStop) => boolean,
  { key = 'Tab', max = 60 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const stop = await focusStop(page);
    if (stop) {
      stops.push(stop);
      if (wanted(stop)) return stops;
    }
  }
  throw new Error(
    `no wanted focus after ${max} × ${key}; stops: ${stops.map((s) => `${s.tag}:${s.name}`).join(' | ')}`,
  );
}

/** Stops whose focus cannot be seen or is covered, as readable lines. */
export const badStops = (stops: readonly FocusStop[]) =>
  stops
    .filter((s) => !s.visible || !s.unobscured || !s.inViewport)
    .map(
      (s) =>
        `${s.tag}${s.role ? `[${s.role}]` : ''} "${s.name}": ${[
          !s.visible && 'no visible focus',
          !s.unobscured && 'covered',
          !s.inViewport && 'off screen',
        ]
          .filter(Boolean)
          .join(', ')}`,
    );
