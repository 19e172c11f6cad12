// ESLint flat config for the whole monorepo: type-checked TypeScript, React hooks,
// TanStack Query, kebab-case names and the import boundaries of docs/architecture.md ("The floors").
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const JS_FILES = ['**/*.{js,mjs,cjs}'];
const BROWSER_PACKAGES = ['shell/**', 'remotes/**', 'shared/**'];
const NODE_PACKAGES = [
  'server/**',
  'scripts/**',
  'e2e/**',
  '*.{js,mjs,ts}',
  '**/rsbuild.config.ts',
  '**/vitest.config.ts',
];
const WORKSPACE_FOLDERS = '{shell,remotes,shared,server,e2e,scripts}';

// Import boundaries (docs/architecture.md, "The floors"). Each pattern matches the package name and the relative path that
// climbs out of the package to the same place, e.g. '@promo/remote-salesrep' and '../../salesrep/src/x'.
// ESLint keeps only the last options it finds for a rule, so each zone lists its own patterns plus the
// ones that hold everywhere.
const MESSAGES = {
  remote: 'Remotes never import each other or the shell: share code through shared/*, so each deploys alone.',
  shared: 'shared/* imports no app: every app imports shared/*, so the reverse would be a cycle.',
  shell: 'The shell reaches a remote only through Module Federation (its exposed ./routes).',
  server: 'The server imports no app (shell, remotes): share code through @promo/domain.',
  apiOnly:
    'The apps reach the server over HTTP (/api/v1 through @promo/domain/http/http-client), never by import.',
  exports: 'Import packages through their exports subpaths.',
  packageSource:
    "Reach another package's code through its package.json exports (@promo/shell/..., @promo/server/...), never by a path into its src.",
  serverModules:
    'A server module never builds the app: only main.ts, src/bench/ and src/test-support/ (and the tests) import app.ts, main.ts or each other, so a benchmark or test app lives there (docs/decisions/037-import-floors.md).',
  router:
    'Import routing from @promo/ui/router: shared whole, react-router would ship all of itself to every page.',
  query:
    'Import TanStack Query from @promo/domain/query: shared whole, @tanstack/react-query would ship all of itself to every page with data.',
  jotai:
    'Use jotai through @promo/ui/app-store: it is the one shared module that bundles jotai, so every app has one jotai and one store.',
  storage:
    'Reach localStorage and sessionStorage through @promo/domain/device-storage (larger data: the offline store), which never throws where the storage refuses (docs/decisions/035-one-way-per-kind-of-state.md).',
  localeData:
    "Browser code builds no Intl object and calls no locale method (localeCompare, toLocaleString…): the first one on a page loads the locale's data, 60-200 ms at a phone's CPU, inside the first render. Use the rules in @promo/domain/format (format, name-order, clock-format).",
};

// Tests build their own in-memory routers and query clients from the packages; app code goes through
// the facades (shared/ui/src/router, shared/promo-domain/src/query.ts).
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-support/**'];
const ROUTER_THROUGH_FACADE = [{ regex: String.raw`^react-router(-dom)?(/|$)`, message: MESSAGES.router }];
const QUERY_THROUGH_FACADE = [{ regex: String.raw`^@tanstack/react-query$`, message: MESSAGES.query }];

/** @type {Array<{ regex: string, message: string }>} */
const EVERYWHERE = [
  { regex: String.raw`^@promo/[^/]+/src(/|$)`, message: MESSAGES.exports },
  { regex: String.raw`^(\.\./)+shared/(promo-domain|ui)(/|$)`, message: MESSAGES.exports },
  {
    regex: String.raw`^(\./|(\.\./)+)(shell|server|remotes/[^/]+)/src(/|$)`,
    message: MESSAGES.packageSource,
  },
  { regex: String.raw`^jotai(/|$)`, message: MESSAGES.jotai },
];

const APPS_NEVER_IMPORT_THE_SERVER = [
  { regex: String.raw`^@promo/server(/|$)`, message: MESSAGES.apiOnly },
  { regex: String.raw`^(\.\./)+server(/|$)`, message: MESSAGES.apiOnly },
];

/**
 * The contract's fixed lists, each written once in shared/promo-domain/src/api/values.ts with its
 * type from the schema (types.ts) or the list (RemoteName): a union type of two or more of a list's
 * members and nothing else, or for the roles and statuses an array of them, is a copy the compiler
 * does not follow when the list changes. The list's own constant is the one place an array may
 * spell them; a union or array that mixes in other words (the authorization test's kinds of
 * caller) is another list.
 */
const RE_TYPED_LISTS = [
  {
    list: 'anonymous customer rep',
    twoOf: 'customer rep',
    use: 'SignedInRole or Role (@promo/domain/types)',
  },
  {
    list: 'confirmed challenged unconfirmed',
    twoOf: 'confirmed challenged',
    use: 'AssociationsConfirmationStatus (@promo/domain/types)',
  },
  {
    list: 'confirmed challenged unconfirmed',
    twoOf: 'confirmed unconfirmed',
    use: 'AssociationsConfirmationStatus (@promo/domain/types)',
  },
  // Types only: a test may well pick two remotes to act on.
  {
    list: 'public customer salesrep',
    twoOf: 'customer salesrep',
    use: 'RemoteName (@promo/domain/paths)',
    types: true,
  },
  {
    list: 'public customer salesrep',
    twoOf: 'public salesrep',
    use: 'RemoteName (@promo/domain/paths)',
    types: true,
  },
].flatMap(({ list, twoOf, use, types = false }) => {
  const members = twoOf.split(' ');
  const only = `/^(${list.split(' ').join('|')})$/`;
  const message = `${members.map((member) => `'${member}'`).join(' and ')} are members of a list of the contract: use ${use}, or its constant in shared/promo-domain/src/api/values.ts.`;
  const inUnion = members.map((member) => `:has(> TSLiteralType[literal.value='${member}'])`).join('');
  const inArray = members.map((member) => `:has(> Literal[value='${member}'])`).join('');
  const union = {
    selector: `TSUnionType${inUnion}:not(:has(> TSLiteralType[literal.value!=${only}]))`,
    message,
  };
  if (types) return [union];
  return [
    union,
    {
      selector: `ArrayExpression${inArray}:not(:has(> Literal[value!=${only}])):not(VariableDeclarator[id.name=/^(SIGNED_IN_ROLES|ASSOCIATION_STATUSES)$/] > TSAsExpression > ArrayExpression)`,
      message,
    },
  ];
});

/**
 * One boundary zone: static imports and re-exports through `no-restricted-imports`, dynamic
 * `import('...')` through `no-restricted-syntax`, which the core rule does not see.
 * @param {string} name
 * @param {string[]} files
 * @param {Array<{ regex: string, message: string }>} patterns
 */
function zone(name, files, patterns, ignores = []) {
  const all = [...patterns, ...EVERYWHERE];
  return {
    name: `ezy/boundaries/${name}`,
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: all }],
      'no-restricted-syntax': [
        'error',
        ...all.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
          message,
        })),
        // Every zone, since a zone's no-restricted-syntax replaces the one before it for its files.
        ...RE_TYPED_LISTS,
      ],
    },
  };
}

/**
 * A package's zone twice: its code, which routes and queries through the facades, and its tests,
 * which may use react-router and TanStack Query themselves. A facade's own file is in neither
 * half's facade rule: it is the one place that imports the package.
 * @param {string} name
 * @param {string[]} files
 * @param {Array<{ regex: string, message: string }>} patterns
 * @param {Array<{ regex: string, message: string }>} facades the facade rules this package keeps
 * @param {string[]} facadeFiles
 */
function appZones(
  name,
  files,
  patterns,
  facades = [...ROUTER_THROUGH_FACADE, ...QUERY_THROUGH_FACADE],
  facadeFiles = [],
) {
  return [
    zone(name, files, [...patterns, ...facades], [...TEST_FILES, ...facadeFiles]),
    zone(
      `${name}-tests`,
      [...files.flatMap((folder) => TEST_FILES.map((test) => folder.replace('**', test))), ...facadeFiles],
      patterns,
    ),
  ];
}

/** @param {'public' | 'customer' | 'salesrep'} self */
function remoteZones(self) {
  const others = ['public', 'customer', 'salesrep'].filter((remote) => remote !== self).join('|');
  return appZones(
    `remote-${self}`,
    [`remotes/${self}/**`],
    [
      { regex: `^@promo/(remote-(${others})|shell)(/|$)`, message: MESSAGES.remote },
      { regex: String.raw`^(\.\./)+((remotes/)?(${others})|shell)(/|$)`, message: MESSAGES.remote },
      ...APPS_NEVER_IMPORT_THE_SERVER,
    ],
  );
}

const SHELL_IMPORTS = [
  { regex: String.raw`^@promo/remote-`, message: MESSAGES.shell },
  { regex: String.raw`^(\.\./)+remotes(/|$)`, message: MESSAGES.shell },
  ...APPS_NEVER_IMPORT_THE_SERVER,
];

/**
 * The folders of shell/src that imported each other both ways, and each one's place now: the
 * folders listed import it, so it never imports them (docs/decisions/037-import-floors.md).
 * scripts/ci/import-floors.test.ts checks every package for any folder pair importing both ways.
 * @type {Record<string, string[]>}
 */
const SHELL_FOLDERS_ABOVE = {
  federation: ['app'],
  session: ['app'],
  'query-client': ['app', 'federation', 'session', 'offline-indicator'],
  offline: ['app', 'query-client', 'session', 'offline-indicator'],
  'runtime-config': ['app', 'federation', 'preview-bar'],
};

/** @param {string} folder */
function shellFloorZones(folder) {
  const above = SHELL_FOLDERS_ABOVE[folder] ?? [];
  return appZones(
    `shell-${folder}`,
    [`shell/src/${folder}/**`],
    [
      ...SHELL_IMPORTS,
      {
        regex: String.raw`^(\.\./)+(${above.join('|')})(/|$)`,
        message: `shell/src/${folder} sits below ${above.join(', ')}: they import it, so it never imports them (docs/decisions/037-import-floors.md).`,
      },
    ],
  );
}

const SERVER_IMPORTS_NO_APP = [
  { regex: String.raw`^@promo/(shell|remote-[^/]+)(/|$)`, message: MESSAGES.server },
  { regex: String.raw`^(\.\./)+(shell|remotes)(/|$)`, message: MESSAGES.server },
];

const SHARED_IMPORTS_NO_APP = [
  { regex: String.raw`^@promo/(shell|remote-[^/]+|server)(/|$)`, message: MESSAGES.shared },
  { regex: String.raw`^(\.\./)+(shell|remotes|server)(/|$)`, message: MESSAGES.shared },
];

/** The modules that may use browser storage itself (the rest go through them). */
const STORAGE_MODULES = ['shared/promo-domain/src/device-storage.ts', 'shell/src/offline/offline-store.ts'];
const STORAGE_GLOBALS = ['localStorage', 'sessionStorage'].map((name) => ({
  name,
  message: MESSAGES.storage,
}));
const STORAGE_PROPERTIES = ['window', 'globalThis', 'self'].flatMap((object) =>
  ['localStorage', 'sessionStorage'].map((property) => ({ object, property, message: MESSAGES.storage })),
);
const LOCALE_GLOBALS = [{ name: 'Intl', message: MESSAGES.localeData }];
const LOCALE_PROPERTIES = [
  ...['localeCompare', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
    property,
    message: MESSAGES.localeData,
  })),
  ...['window', 'globalThis', 'self'].map((object) => ({
    object,
    property: 'Intl',
    message: MESSAGES.localeData,
  })),
];

export default defineConfig([
  globalIgnores(
    [
      '**/dist/',
      '**/dist-*/',
      '**/.rsbuild/',
      '**/coverage/',
      '**/test-results/',
      '**/playwright-report/',
      'server/data/',
      'bench-results/',
      // Remote deploys of `npm start` / `npm run serve` (built code, scripts/dev/start.ts).
      '.deploy/',
      // Generated by Module Federation's type plugin.
      '**/@mf-types/',
      '**/@mf-types.d.ts',
    ],
    'ezy/ignores',
  ),

  {
    name: 'ezy/linter-options',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  { name: 'ezy/javascript', ...js.configs.recommended },

  {
    name: 'ezy/typescript',
    files: TS_FILES,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Two programs for the whole tree, the browser's and Node's (tsconfig.eslint-browser.json,
        // tsconfig.eslint-node.json), in place of one per package: the shared packages' source is
        // read twice instead of in every package that imports it (ESLint 77 -> 62 s here,
        // docs/decisions/023-test-suite-time.md). The type-aware rules only read types; `tsc -b`
        // checks each package with its own libs. A file in neither program fails here, saying so:
        // a new package joins one of them.
        project: ['./tsconfig.eslint-browser.json', './tsconfig.eslint-node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Same convention as TypeScript's noUnusedParameters: a leading underscore marks "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },

  {
    // The service worker's library (WebWorker) cannot share a program with the DOM's: its files keep
    // the tsconfig.json that owns them.
    name: 'ezy/typescript-service-worker',
    files: ['shell/src/service-worker/**/*.ts'],
    languageOptions: {
      parserOptions: { project: false, projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },

  {
    name: 'ezy/javascript-untyped',
    files: JS_FILES,
    extends: [tseslint.configs.disableTypeChecked],
  },

  {
    name: 'ezy/server',
    files: ['server/**/*.ts'],
    rules: {
      // Fastify route handlers are async functions that return the payload, awaited or not
      // (https://fastify.dev/docs/latest/Reference/Routes/#async-await); SQLite calls here are synchronous.
      '@typescript-eslint/require-await': 'off',
    },
  },

  {
    name: 'ezy/browser',
    files: BROWSER_PACKAGES,
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'ezy/node',
    files: NODE_PACKAGES,
    languageOptions: { globals: globals.node },
  },

  {
    name: 'ezy/react',
    files: BROWSER_PACKAGES.map((folder) => `${folder}/*.{ts,tsx}`),
    extends: [reactHooks.configs.flat.recommended, pluginQuery.configs['flat/recommended']],
    rules: {
      // Query keys and functions live in the query factories of @promo/domain, so every app and the offline copy agree on each key.
      '@tanstack/query/prefer-query-options': 'error',
    },
  },

  {
    name: 'ezy/file-names',
    files: [`${WORKSPACE_FOLDERS}/**/*.{ts,tsx,js,mjs,cjs}`],
    ignores: ['**/*.d.ts', '**/rsbuild.config.ts', '**/vitest.config.ts', '**/playwright.config.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      // `promotion.queries.ts` and `dashboard-page.test.tsx` are checked on their first part only.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { [`${WORKSPACE_FOLDERS}/**/`]: 'KEBAB_CASE' }],
    },
  },

  // Browser globals: storage through device-storage.ts only, no locale data. One block per set of
  // files, as a later block's options for a rule replace an earlier one's.
  {
    name: 'ezy/browser-globals',
    files: BROWSER_PACKAGES,
    ignores: [...STORAGE_MODULES, ...TEST_FILES],
    rules: {
      'no-restricted-globals': ['error', ...STORAGE_GLOBALS, ...LOCALE_GLOBALS],
      'no-restricted-properties': ['error', ...STORAGE_PROPERTIES, ...LOCALE_PROPERTIES],
    },
  },
  {
    name: 'ezy/browser-globals-storage-modules',
    files: STORAGE_MODULES,
    rules: {
      'no-restricted-globals': ['error', ...LOCALE_GLOBALS],
      'no-restricted-properties': ['error', ...LOCALE_PROPERTIES],
    },
  },

  zone('everywhere', ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'], []),
  ...remoteZones('public'),
  ...remoteZones('customer'),
  ...remoteZones('salesrep'),
  ...appZones('shell', ['shell/**'], SHELL_IMPORTS),
  ...Object.keys(SHELL_FOLDERS_ABOVE).flatMap(shellFloorZones),
  ...appZones(
    'shared-promo-domain',
    ['shared/promo-domain/**'],
    [...SHARED_IMPORTS_NO_APP, { regex: String.raw`^(\.\./)+ui(/|$)`, message: MESSAGES.exports }],
    QUERY_THROUGH_FACADE,
    ['shared/promo-domain/src/query.ts'],
  ),
  // The router's facade lives here (src/router), so only the query facade's rule holds.
  ...appZones(
    'shared-ui',
    ['shared/ui/**'],
    [...SHARED_IMPORTS_NO_APP, { regex: String.raw`^(\.\./)+promo-domain(/|$)`, message: MESSAGES.exports }],
    QUERY_THROUGH_FACADE,
  ),
  zone('server', ['server/**'], SERVER_IMPORTS_NO_APP),
  zone(
    'server-modules',
    ['server/src/*/**'],
    [
      ...SERVER_IMPORTS_NO_APP,
      { regex: String.raw`^\.\./(app|main)(\.ts)?$`, message: MESSAGES.serverModules },
      { regex: String.raw`^\.\./(bench|test-support)(/|$)`, message: MESSAGES.serverModules },
    ],
    ['server/src/bench/**', 'server/src/test-support/**', '**/*.test.ts'],
  ),
]);
