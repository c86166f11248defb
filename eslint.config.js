// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A process may use lib/ and another process's pure modules, never its routes, services or queries. */
const processes = ['platform', 'chain', 'trading', 'provider-sandbox', 'cli'];
const pureModules = { trading: ['engine'] };

/** @param {string} self */
function boundaryRule(self) {
  const patterns = processes
    .filter((other) => other !== self && self !== 'cli')
    .map((other) => {
      const allowed = pureModules[/** @type {keyof typeof pureModules} */ (other)] ?? [];
      return {
        regex: `(^|/)${other}/(?!(${allowed.join('|') || '$^'})/)`,
        message: `${self} must not import ${other}'s internals; use src/lib or an HTTP client.`,
      };
    });
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/** Time is read through the Clock of src/lib/clock.ts, passed in deps, so tests move it. */
const clockSelectors = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the time from the Clock in deps (src/lib/clock.ts), not new Date().',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'Read the time from the Clock in deps (src/lib/clock.ts); time a duration with performance.now().',
  },
];

/** Services decide and routes call services: the SQL lives in the domain's x.queries.ts. */
const querySelectors = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]",
    message: "Queries live in the domain's x.queries.ts (functions taking db or trx).",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: "Queries live in the domain's x.queries.ts (functions taking db or trx).",
  },
];

/** The folders under the one-clock and queries-out rules so far (issue 30; widened as areas land). */
const choreAreas = [
  'src/platform/{verification,agent-actions,wallets,fiat,ledger,portfolio,users,web,work,compliance,audit}',
  'src/lib',
  'src/chain',
  'src/cli',
  'src/provider-sandbox',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.tessera',
      'src/chain/contracts/generated',
      'coverage',
      'scratch',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  ...processes.map((self) => ({ files: [`src/${self}/**/*.ts`], rules: boundaryRule(self) })),
  {
    files: ['src/trading/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|fs|net|http|pg|kysely|viem|fastify)',
              message: 'The engine is pure: no IO.',
            },
            { regex: '\\.\\./(?!engine)', message: 'The engine imports only itself.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval', 'process'],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random' }],
    },
  },
  {
    files: choreAreas.map((area) => `${area}/**/*.ts`),
    ignores: ['src/lib/clock.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...clockSelectors] },
  },
  {
    // A later block's no-restricted-syntax replaces an earlier one's: both lists, here.
    files: choreAreas.flatMap((area) => [`${area}/**/*.service.ts`, `${area}/**/*.routes.ts`]),
    rules: { 'no-restricted-syntax': ['error', ...clockSelectors, ...querySelectors] },
  },
  {
    // Tests read JSON responses of arbitrary shape; the assertions are their type checks.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
