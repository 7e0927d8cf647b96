import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layer order (docs/architecture.md): a folder may import only the folders listed for it.
 * An import into any other src folder, by its relative path, fails the build. Views (src/ui,
 * src/features) reach data only through the one door, src/facade.
 */
const LAYERS = [
  'lib',
  'config',
  'wire',
  'api',
  'state',
  'machines',
  'pipeline',
  'monitoring',
  'i18n',
  'facade',
  'ui',
  'features',
  'app',
];
const MAY_IMPORT = {
  lib: [],
  config: ['lib'],
  wire: ['lib'],
  api: ['wire', 'config', 'lib'],
  state: ['wire', 'config', 'lib'], // and api types (below)
  machines: ['wire', 'api', 'lib'],
  pipeline: ['machines', 'state', 'api', 'wire', 'config', 'lib'],
  // Observes the store, the connections and the snapshot loads; only the app starts it.
  monitoring: ['pipeline', 'machines', 'state', 'api', 'wire', 'config', 'lib'],
  i18n: ['state', 'api', 'config', 'lib'],
  facade: ['pipeline', 'machines', 'state', 'api', 'wire', 'config', 'lib'],
  ui: ['facade', 'i18n', 'lib'],
  features: ['ui', 'facade', 'i18n', 'lib'],
  app: LAYERS,
};
const folderOf = (layer) => (layer === 'machines' ? 'machines' : `src/${layer}`);
const segment = (layer) => `(^|/)${layer}(/|$)`;
const layerRules = LAYERS.map((layer) => {
  const banned = LAYERS.filter((l) => l !== layer && !MAY_IMPORT[layer].includes(l));
  return {
    files: [`${folderOf(layer)}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The facade's index is its only door: no reaching into its modules.
            ...(['ui', 'features'].includes(layer)
              ? [{ regex: '(^|/)facade/', message: 'Import the facade by its index (src/facade).' }]
              : []),
            ...banned.map((l) => ({
              regex: segment(l),
              message: `${layer} may not import ${l} (layer order: docs/architecture.md)${
                ['ui', 'features'].includes(layer) ? '; views reach data through src/facade' : ''
              }.`,
              ...(layer === 'state' && l === 'api' ? { allowTypeImports: true } : {}),
            })),
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', 'screenshots', 'recordings'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No dangerouslySetInnerHTML.',
        },
      ],
    },
  },
  {
    // Accessibility lint for every view (issue 18): jsx-a11y's strict set, through its fork
    // eslint-plugin-jsx-a11y-x, whose peer range includes ESLint 10 (jsx-a11y 6.x stops at 9).
    files: ['**/*.tsx'],
    ...jsxA11y.configs.strict,
    rules: {
      ...jsxA11y.configs.strict.rules,
      // A scrolling table must take keyboard focus to be scrolled without a mouse (axe
      // scrollable-region-focusable, WCAG 2.1.1): role="table" scrollers carry tabIndex={0}.
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'table'] }],
    },
  },
  ...layerRules,
  {
    // Type-aware rules: a promise nobody awaits or handles loses its error (an unhandled
    // rejection, a UI that never leaves "saving"). Mark deliberate fire-and-forget with `void`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // The simulator, the replay server and the scripts share the data layers, never the views.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'src/(facade|ui|features|app)(/|$)',
              message: 'server/ and scripts/ may not import the views or the app shell.',
            },
          ],
        },
      ],
    },
  },
);
