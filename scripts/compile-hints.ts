/**
 * V8's explicit compile hint on every JavaScript chunk of the build: the magic comment
 * `//# allFunctionsCalledOnLoad` as a file's first line makes Chromium (136 and later) compile
 * all of the file's functions eagerly, on the background thread that streams the script in,
 * instead of lazily on the main thread the first time each is called. Every chunk of this build
 * is loaded only when it is about to run (the first page's modules, a screen or dialog being
 * opened, the chunks preloaded at sign-in), so nearly all of its functions are called soon after.
 *
 * Why (issue 13, app-ready at 4x CPU throttling): the first render runs cold code, and lazy
 * compilation is part of the throttled main thread's work before the first value, while the
 * second core idles as the modules download. Measured 2026-11-27, cold runs alternately against
 * the same build without the comment: medians 4 103 against 4 447 ms (6 runs each, 0.92x) and
 * 4 213 against 4 388 ms (10 runs each, 0.96x; faster in 7 of the 10 pairs); the comment on the
 * 23 initial chunks alone, 0.94x (docs/performance.md). Engines that do not know the comment read
 * a comment.
 *
 * Written into the files after the bundle is written (before the build's precompression, which
 * runs at closeBundle), because Vite puts its own preload map ahead of the entry's code after
 * every plugin's generateBundle, and the comment must come before the file's first function.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The Vite plugin (build only): prefixes every emitted JS chunk with COMPILE_HINT. */
export function compileHints(): Plugin {
  return {
    name: 'assetdeck-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const file = join(dir, out.fileName);
        const code = readFileSync(file, 'utf8');
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, `${COMPILE_HINT}\n${code}`);
      }
    },
  };
}
