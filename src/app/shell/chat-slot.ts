import { atom } from 'jotai';

/**
 * Where the header keeps room for the support-chat launcher: on a narrow screen the launcher sits
 * among the header's controls (a button floating over the page would cover content on every
 * screen, issue 15 item 10). Null until the header has rendered.
 */
export const chatSlotAtom = atom<HTMLElement | null>(null);
