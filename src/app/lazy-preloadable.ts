/**
 * React.lazy with a way to start loading ahead of the first render: main.tsx asks for the
 * chunks a signed-in page is about to render (its screen, the shell's parts) as soon as the
 * session check answers, beside the locale files and the live streams, and renders once they
 * are in.
 *
 * A part whose module is already loaded when it mounts renders directly, without suspending: a
 * suspended boundary is revealed by a React retry render, which yields to every update and never
 * expires, and the live streams' updates (a store write per frame) kept restarting it: at 4x CPU
 * throttling the screen stayed a spinner for seconds after its chunk had come (issue 13).
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

type Module = { default: ComponentType };

/** A lazily loaded component; `preload()` starts its import (resolves once done, never rejects). */
export type PreloadableComponent = ComponentType & { preload(): Promise<void> };

/**
 * One import for `preload()` and the render; a failed one is forgotten, so the next render or
 * preload asks again (the render's failure goes to the route's error element, as with lazy).
 */
export function lazyPreloadable(load: () => Promise<Module>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let pending: Promise<Module> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(get);
  function Preloadable(props: object) {
    // Decided once per mount: switching from Lazy to the module's component would remount it.
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy, props);
  }
  return Object.assign(Preloadable, {
    preload: () =>
      get().then(
        () => undefined,
        () => undefined,
      ),
  });
}
