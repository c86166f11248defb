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

/**
 * The engine is pure and imports only itself; `outside` is the relative path that leaves its
 * folder.
 * @param {string} outside
 */
function enginePurity(outside) {
  return [
    'error',
    {
      patterns: [
        {
          regex: '^(node:|fs|net|http|pg|kysely|viem|fastify)',
          message: 'The engine is pure: no IO.',
        },
        { regex: `${outside}(?!engine)`, message: 'The engine imports only itself.' },
      ],
    },
  ];
}

/** Queries live in x.queries.ts (functions taking db or trx): services decide, routes call them. */
const noQueries = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|execute|executeTakeFirst|executeTakeFirstOrThrow|stream)$/]',
    message: 'Queries live in x.queries.ts; services decide and routes call services.',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
    message: 'SQL lives in x.queries.ts; services decide and routes call services.',
  },
];

/** Time comes from the Clock in deps (src/lib/clock.ts), so tests move it instead of sleeping. */
const noClockReads = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the time from the Clock in deps (src/lib/clock.ts).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'Read the time from the Clock in deps (src/lib/clock.ts); durations: performance.now().',
  },
];

/** Server code: each chore is kept one way by lint there (the browser app reads its own clock). */
const choreRooms = [
  'src/trading',
  'src/platform',
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
      'src/sdk/generated',
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
    files: choreRooms.map((room) => `${room}/**/*.ts`),
    ignores: ['**/*.test.ts', '**/testing/**', 'src/lib/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noClockReads] },
  },
  {
    files: choreRooms.flatMap((room) => [`${room}/**/*.service.ts`, `${room}/**/*.routes.ts`]),
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noClockReads, ...noQueries] },
  },
  {
    files: ['src/trading/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': enginePurity('\\.\\./'),
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval', 'process'],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random' }],
    },
  },
  {
    // its oracle and generators sit one folder down and may import the engine above them
    files: ['src/trading/engine/testing/**/*.ts'],
    rules: { 'no-restricted-imports': enginePurity('\\.\\./\\.\\./') },
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
