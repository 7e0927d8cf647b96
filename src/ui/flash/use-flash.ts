/**
 * A brief up/down colour on a value that changed, done on the DOM node itself: the component
 * that shows the value renders once for the new value and the flash costs no further render
 * (nor a render of the table around it). Skipped when the user prefers reduced motion.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export type FlashDirection = 'up' | 'down';
export const FLASH_ATTRIBUTE = 'data-flash';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True when the system asks for less motion (no matchMedia: false). */
export function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** Marks `el` as just changed; restarting the CSS animation when it was already running. */
export function flashElement(el: HTMLElement, dir: FlashDirection): void {
  el.removeAttribute(FLASH_ATTRIBUTE);
  // Reading layout between removing and setting restarts a running animation.
  void el.offsetWidth;
  el.setAttribute(FLASH_ATTRIBUTE, dir);
}

/** Clears the mark once the animation ran (pass as onAnimationEnd). */
export function clearFlash(e: { currentTarget: HTMLElement }): void {
  e.currentTarget.removeAttribute(FLASH_ATTRIBUTE);
}

/**
 * Flashes `ref`'s element when `value` changes (not on mount): `compare(next, prev)` gives the
 * direction, null when the values cannot be compared. `enabled` false (masked values) never
 * flashes, so a hidden amount gives nothing away by blinking.
 */
export function useFlash<T>(
  ref: RefObject<HTMLElement | null>,
  value: T,
  compare: (next: T, prev: T) => number | null,
  enabled = true,
): void {
  const prev = useRef(value);
  useLayoutEffect(() => {
    const before = prev.current;
    prev.current = value;
    if (!enabled || Object.is(before, value)) return;
    const el = ref.current;
    if (!el || prefersReducedMotion()) return;
    const c = compare(value, before);
    if (c === null || c === 0) return;
    flashElement(el, c > 0 ? 'up' : 'down');
  }, [ref, value, compare, enabled]);
}
