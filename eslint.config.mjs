// Lint for the whole workspace. The Nx module-boundary rule keeps dependencies pointing one
// way: app -> feature -> shared -> contract (see ../shared/ARCHITECTURE.md).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default [
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/var/**', '**/test-results/**', '**/playwright-report/**', '**/tmp/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:shared', 'type:contract'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:shared', 'type:contract'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:shared', 'type:contract'] },
            { sourceTag: 'type:shared', onlyDependOnLibsWithTags: ['type:shared', 'type:contract'] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
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
