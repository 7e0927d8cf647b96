// PostCSS for Vite (the build, the dev server, vitest): only postcss-mixins, which writes out the
// `@mixin name;` lines of the CSS modules from the one definition in src/ui/styles/mixins.css
// (test/unit/ui/styles/mixins.test.ts holds the result).
import { fileURLToPath } from 'node:url';
import mixins from 'postcss-mixins';

export default {
  plugins: [
    mixins({ mixinsFiles: fileURLToPath(new URL('./src/ui/styles/mixins.css', import.meta.url)) }),
  ],
};
