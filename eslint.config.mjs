// Lint for the whole workspace. The layers block below keeps dependencies pointing one way
// (docs/architecture.md, "Layers").
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

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
