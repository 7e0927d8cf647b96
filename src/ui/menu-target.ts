/**
 * Menu buttons follow the WAI-ARIA menu button pattern (issue 18, item 5): Enter and Space open
 * a menu (a button's click), and so does ArrowDown; the menu then puts focus on its current or
 * first item (theme.ts: no initial-focus placeholder, `data-autofocus` items). Set once as the
 * default props of Mantine's Menu.Target, which hands them on to the button it wraps.
 */
import type { KeyboardEvent } from 'react';

/** ArrowDown on a closed menu's button opens it, as a click (Enter, Space) does. */
function openMenuOnArrowDown(event: KeyboardEvent<HTMLElement>): void {
  const button = event.currentTarget;
  if (event.key !== 'ArrowDown' || button.hasAttribute('data-expanded')) return;
  event.preventDefault();
  button.click();
}

/** Theme `components` entry: every Menu.Target's button opens on ArrowDown. */
export const MENU_TARGET_DEFAULTS = {
  MenuTarget: { defaultProps: { onKeyDown: openMenuOnArrowDown } },
} as const;
