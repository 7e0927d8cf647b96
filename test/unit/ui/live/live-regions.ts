/**
 * What a screen reader would be told by the page's live regions, for tests that count
 * announcements: every time a live region (role status, alert or log, or aria-live other than
 * off) holds words it did not hold the moment before, those words, once. A region added with
 * words already in it counts (an added alert is read; an added status may be), so the count errs
 * on the side of too many. A live region's name alone (a spinner's aria-label) is not content and
 * is not counted.
 */
const LIVE = '[role="status"], [role="alert"], [role="log"], [aria-live]';

const isLive = (el: Element) => {
  const live = el.getAttribute('aria-live');
  return live === null || live !== 'off';
};

export function listenToLiveRegions(root: HTMLElement = document.body): {
  /** What was said so far, in order. */
  said(): string[];
  stop(): void;
} {
  const said: string[] = [];
  const held = new WeakMap<Element, string>();
  const look = () => {
    for (const el of root.querySelectorAll(LIVE)) {
      if (!isLive(el)) continue;
      const text = (el.textContent ?? '').trim();
      if (text !== '' && text !== held.get(el)) said.push(text);
      held.set(el, text);
    }
  };
  look();
  const observer = new MutationObserver(look);
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  return {
    said: () => {
      look(); // changes not yet delivered to the observer
      return [...said];
    },
    stop: () => observer.disconnect(),
  };
}
