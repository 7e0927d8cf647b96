/**
 * A brief up/down colour on a value that changed, done on the DOM node itself: the component
 * that shows the value renders once for the new value and the flash costs no further render
 * (nor a render of the table around it). Skipped when the user prefers reduced motion.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export type FlashDirection = 'up' | 'down';
const FLASH_ATTRIBUTE = 'data-flash';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, made once per matchMedia (a live object: `.matches` follows). */
let reducedMotion: { of: typeof window.matchMedia; list: MediaQueryList } | undefined;

/** True when the system asks for less motion (no matchMedia: false). */
function prefersReducedMotion(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  // One MediaQueryList, not a new one per changed value (a profile of a busy table showed
  // matchMedia at 1 % of the main thread).
  if (reducedMotion?.of !== window.matchMedia) {
    reducedMotion = { of: window.matchMedia, list: window.matchMedia(REDUCED_MOTION_QUERY) };
  }
  return reducedMotion.list.matches;
}

/**
 * Marks `el` as just changed: a new mark, or the other direction (another animation name),
 * starts its animation. Never a layout read: forcing a synchronous layout per flashed value (the
 * old `void el.offsetWidth` between removing and setting the mark) cost one whole-page layout per
 * changed amount in a commit, the largest script cost of a live table in the browser benchmark
 * (docs/performance.md). A running flash is never restarted in the same direction (useFlash
 * flashes an element at most once per FLASH_MIN_INTERVAL_MS, longer than the animation, and
 * clearFlash removes the mark when it ends).
 */
export function flashElement(el: HTMLElement, dir: FlashDirection): void {
  if (el.getAttribute(FLASH_ATTRIBUTE) === dir) el.removeAttribute(FLASH_ATTRIBUTE);
  el.setAttribute(FLASH_ATTRIBUTE, dir);
}

/** Clears the mark once the animation ran (pass as onAnimationEnd). */
export function clearFlash(e: { currentTarget: HTMLElement }): void {
  e.currentTarget.removeAttribute(FLASH_ATTRIBUTE);
}

/**
 * At most one flash per element in this long (the animation runs 900 ms): a value that ticks
 * faster (a mark price, a live PnL) flashes now and then instead of staying tinted for good.
 */
export const FLASH_MIN_INTERVAL_MS = 1000;

export interface FlashOptions {
  /** False (masked values) never flashes, so a hidden amount gives nothing away by blinking. */
  enabled?: boolean;
  /** The value as written on screen: a change that leaves the text as it was does not flash. */
  text?: string;
  /** Default FLASH_MIN_INTERVAL_MS; a flash is never restarted within it. */
  minIntervalMs?: number;
}

/**
 * Flashes `ref`'s element when `value` changes (not on mount): `compare(next, prev)` gives the
 * direction, null when the values cannot be compared. Only changes of the text shown flash, at
 * most once per `minIntervalMs`; the colour by sign (if any) is the element's own and stays.
 */
export function useFlash<T>(
  ref: RefObject<HTMLElement | null>,
  value: T,
  compare: (next: T, prev: T) => number | null,
  { enabled = true, text, minIntervalMs = FLASH_MIN_INTERVAL_MS }: FlashOptions = {},
): void {
  const prev = useRef(value);
  const prevText = useRef(text);
  const lastFlashAt = useRef(Number.NEGATIVE_INFINITY);
  useLayoutEffect(() => {
    const before = prev.current;
    const textBefore = prevText.current;
    prev.current = value;
    prevText.current = text;
    if (!enabled || Object.is(before, value)) return;
    if (text !== undefined && text === textBefore) return;
    const el = ref.current;
    if (!el || prefersReducedMotion()) return;
    const c = compare(value, before);
    if (c === null || c === 0) return;
    const now = Date.now();
    if (now - lastFlashAt.current < minIntervalMs) return;
    lastFlashAt.current = now;
    flashElement(el, c > 0 ? 'up' : 'down');
  }, [ref, value, text, compare, enabled, minIntervalMs]);
}
