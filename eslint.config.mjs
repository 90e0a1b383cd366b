// Lint for the whole workspace. The layers block below keeps dependencies pointing one way
// (docs/architecture.md, "Layers").
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

/**
 * The places a link takes its target: the `to`/`href` props (and `...Href` props) of links, the
 * path of a navigation (`navigate`, `siteHref`, `browserNavigation.assign`/`replace`), the `to`/`href`
 * of a menu entry or tab, a `to`/`...Href`/`...Path` parameter's default. An app path there is a
 * string (`'/faq'`) or template literal (`` `/session/${id}` ``) starting with '/', not under /api/.
 * (esquery ends a regex at '/', so the selectors spell it \x2F.)
 */
function appPathLiterals() {
  const message = 'Build app links with href() from @vox/variant: the route table\'s paths, one place.';
  const appPath = '/^\\x2F(?!api\\x2F)/';
  const literals = (at) => [`${at} Literal[value=${appPath}]`, `${at} TemplateLiteral[quasis.0.value.raw=${appPath}]`];
  const targets = [
    'JSXAttribute[name.name=/^(to|href|\\w+Href)$/]',
    'CallExpression[callee.name=/^(navigate|siteHref)$/]',
    'CallExpression[callee.object.name="browserNavigation"][callee.property.name=/^(assign|replace)$/]',
    'Property[key.name=/^(to|href)$/]',
    'AssignmentPattern[left.name=/^(to|\\w*[hH]ref|\\w*Path)$/]',
  ];
  return targets.flatMap(literals).map((selector) => ({ selector, message }));
}

const APP_PATH_LITERALS = appPathLiterals();

/**
 * A feature lib calls the API from its api modules (`src/lib/api/<area>.ts`: the area's query
 * keys and a hook per call, docs/architecture.md): a page, component or helper elsewhere calls a
 * hook, never `api.call(...)` and never writes a query key.
 */
const API_CALLS_IN_API_MODULES = [
  {
    selector: 'CallExpression[callee.object.name="api"][callee.property.name="call"]',
    message: 'Call the API from the area\'s module in src/lib/api/ (a hook per call), not from a page.',
  },
  {
    selector: 'Property[key.name="queryKey"]',
    message: 'Query keys live in the area\'s module in src/lib/api/: a page uses its hooks.',
  },
];

const TEST_KIT_ONLY_IN_SPECS = { name: '@vox/testing', message: '@vox/testing is for spec files only.' };

export default [
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/var/**', '**/test-results/**', '**/playwright-report/**', '**/tmp/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // --- Layers: Nx type tags, import cycles, the test kit. One block, kept together. ---
  // apps -> composition -> feature -> ui -> data-access -> util -> contract; type:testing
  // (libs/testing) only from spec files. Every project has one type tag (docs/architecture.md).
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'import-x': importX },
    settings: {
      // Only relative imports matter for file cycles (the Nx rule refuses circular projects).
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // The shell imports @vox/auth statically and its modal entry (@vox/auth/modal, its own
          // federation chunk) lazily: two entries of one project, so the static one does not pull
          // the lazy one into the first route (tools/bundle-report checks the bytes).
          checkDynamicDependenciesExceptions: ['@vox/auth'],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', 'type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:contract'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:contract'] },
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:composition', 'type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:contract', 'type:testing'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:contract', 'type:testing'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:contract', 'type:testing'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:contract', 'type:testing'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contract'] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:contract'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
          ],
        },
      ],
      // File-level import cycles, type-only imports included (a type circle is still a circle).
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // The test kit is for specs only: app code importing it would ship fakes to users. Links between
    // hosts come from the route table (siteHref in @vox/site-routes, SiteLink in @vox/ui), so no
    // page builds another host's address itself.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [TEST_KIT_ONLY_IN_SPECS, { name: '@vox/variant', importNames: ['siteUrl'], message: 'Link with SiteLink or useSiteHref (@vox/ui): the route table knows which host serves a path.' }] }],
    },
  },
  {
    // The one place the web app builds another host's address, and the API's feeds and mails.
    files: ['libs/site-routes/src/lib/derived.ts', 'libs/variant/src/**', 'apps/api/src/**'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [TEST_KIT_ONLY_IN_SPECS] }] },
  },
  // --- end of the layers block ---
  // --- Links: app paths come from the route table's PATHS, never from literals. ---
  // A link writes `href('faq')` or `href('session', { sessionId })` (@vox/variant), so every path
  // lives once in PATHS and a renamed route cannot leave a link behind. A string or template literal
  // that starts with '/' where a link, a navigation or a menu entry takes its target is refused
  // (API calls under /api/ are not links). Specs assert the exact hrefs users get, so they are exempt.
  {
    files: ['libs/**/*.ts', 'libs/**/*.tsx', 'apps/**/*.ts', 'apps/**/*.tsx'],
    ignores: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      'apps/api/**',
      'apps/e2e/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...APP_PATH_LITERALS],
    },
  },
  // --- end of the links block ---
  // --- API modules: a feature lib calls the API from src/lib/api/<area>.ts only. ---
  // Flat config replaces a rule's options per block, so this block repeats the links selectors
  // (the block above) with its own: a file here gets both. Specs fake the server, so are exempt.
  {
    files: ['libs/feature-*/src/**/*.ts', 'libs/feature-*/src/**/*.tsx'],
    ignores: ['libs/feature-*/src/lib/api/**', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...APP_PATH_LITERALS, ...API_CALLS_IN_API_MODULES],
    },
  },
  // --- end of the API modules block ---
  {
    files: ['**/*.cjs', '**/*.js', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['tools/**', 'apps/e2e/**', '**/*.spec.ts', '**/*.spec.tsx', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures call their continuation `use`, which the React rule takes for a hook.
    files: ['apps/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
];
