import { fileURLToPath } from 'node:url';

/**
 * Path aliases for tests (mirrors tsconfig.json "paths"; tsx reads those for the benchmarks):
 * `@src/wire/protocol` instead of `../../../src/wire/protocol`.
 */
const at = (dir: string) => fileURLToPath(new URL(`../${dir}`, import.meta.url));

export const TEST_ALIASES = {
  '@src': at('src'),
  '@server': at('server'),
  '@machines': at('machines'),
  '@scripts': at('scripts'),
};
