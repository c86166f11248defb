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

/** Time comes from a Clock (src/lib/clock.ts) passed in deps, so tests move it instead of sleeping. */
const noArgumentlessDate = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Take the time from the Clock in deps (src/lib/clock.ts).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Take the time from the Clock in deps (src/lib/clock.ts).',
  },
];

/** Kysely lives in x.queries.ts (functions taking db or trx): services decide, routes call services. */
const noQueryBuilder = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|execute|executeTakeFirst|executeTakeFirstOrThrow|stream)$/]',
    message: 'Queries belong in x.queries.ts; call a query function.',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
    message: 'SQL belongs in x.queries.ts; call a query function.',
  },
];

/** The folders that follow both rules so far (issue 30); the list grows to all of src. */
const clockedFolders = [
  'src/platform/{offering,dividends,tokens,businesses,auth,register,statements,charts,order-audit}',
  'src/lib/db',
];
const clockedFiles = [
  ...clockedFolders.map((folder) => `${folder}/**/*.ts`),
  'src/platform/app.ts',
  'src/platform/workers.ts',
];
const layeredFiles = clockedFolders.flatMap((folder) => [
  `${folder}/**/*.service.ts`,
  `${folder}/**/*.routes.ts`,
]);

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
    files: clockedFiles,
    ignores: ['**/*.test.ts', 'src/lib/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noArgumentlessDate] },
  },
  {
    // a later block replaces the rule's options: the layered files repeat the clock's selectors
    files: layeredFiles,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noArgumentlessDate, ...noQueryBuilder] },
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
