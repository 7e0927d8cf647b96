import { atom } from 'jotai';

/**
 * Where the header keeps room for the support-chat launcher: it sits among the header's controls
 * at every width (a button floating over the page covered content on every screen, issue 15
 * item 10). Null until the header has rendered.
 */
export const chatSlotAtom = atom<HTMLElement | null>(null);
