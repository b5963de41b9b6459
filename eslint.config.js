import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const features = fs
  .readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers: shared pieces (components/, lib/, config/) know no feature; a feature
 * knows no other feature, except the query-key factories through which it invalidates what it
 * changes; routes (app/) compose features. One zone per feature, so a new feature is fenced in
 * by the folder it lives in.
 */
const webBoundaries = [
  ...features.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`, ...features.map((other) => `./${other}/api/keys.ts`)],
    message:
      'Features do not import each other: move the shared piece to components/ or lib/, or compose the two in app/routes/.',
  })),
  {
    target: ['./components', './lib', './config'],
    from: ['./features', './app'],
    message: 'Shared code knows no feature or route: pass what it needs in from the route.',
  },
  {
    target: './features',
    from: './app',
    message: 'Features do not import routes; routes compose features.',
  },
];

const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const serverModules = fs
  .readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What a server module shows the others: its services and its `public.ts`, nothing else. */
const publicFilesOf = (module) =>
  fs
    .readdirSync(path.join(serverSrc, 'modules', module))
    .filter((file) => file === 'public.ts' || file.endsWith('.service.ts'))
    .map((file) => `./${module}/${file}`);
const publicModuleFiles = serverModules.flatMap(publicFilesOf);

/**
 * The server's layers: a module (modules/<m>/) reaches another only through that module's
 * services (`*.service.ts`) or its `public.ts`, never its repositories or other insides; the
 * shared layers (lib/, plugins/, the database in db/) know no module, and what they need from
 * one is handed in by app.ts; nothing but the entry point imports app.ts. The demo data is a
 * module of its own (modules/demo/), which writes through the other modules' public files. One zone per module, so a
 * new module is fenced in by the folder it lives in.
 */
const serverBoundaries = [
  ...serverModules.map((module) => ({
    target: `./modules/${module}`,
    from: './modules',
    except: [`./${module}`, ...publicModuleFiles],
    message: `Modules reach each other only through a service (*.service.ts) or the module's public.ts: export what ${module} needs from there.`,
  })),
  {
    target: ['./lib', './plugins', './db'],
    from: './modules',
    message:
      'lib/, plugins/ and db/ know no module: take what is needed as a parameter and let app.ts hand it in.',
  },
  {
    target: ['./modules', './lib', './plugins', './db', './config.ts'],
    from: './app.ts',
    message:
      "Nothing imports app.ts: use FastifyInstance (with the module's `declare module 'fastify'`) or a shared type file.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'bench/results/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones: webBoundaries }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Property[key.name='queryKey'] > ArrayExpression, CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression.arguments",
          message:
            "Build query keys with the feature's key factory (features/<feature>/api/keys.ts), so that every write can invalidate what it changes.",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: serverSrc, zones: serverBoundaries }],
    },
  },
  {
    // A feature's write says what it changes, so that no list stays stale by omission.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message:
                'Use useWrite (lib/write.ts) and name the keys the write invalidates (features/<feature>/api/keys.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Schemas take z from the shared package's zod module, which sets zod up for the browser's
    // Content-Security-Policy before any schema exists (decision 0006).
    files: ['packages/shared/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/shared/src/zod.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                "Take z from packages/shared/src/zod.ts ('@market/shared/zod' in the web app): it sets zod up first.",
            },
          ],
        },
      ],
    },
  },
  {
    // What a person reads comes from the language catalogs (decision 0042), in every component of
    // the web app. Tests write texts to find them on the page.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['alt', 'aria-label', 'title', 'placeholder', 'label'] },
          // The plugin's own list, and a form's field names (bindField(form, 'email')), which
          // are names in code, not words.
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              'bindField',
              'form.register',
            ],
          },
          'should-validate-template': true,
        },
      ],
    },
  },
  {
    // The web app words and logs failures in one place, lib/errors.ts; the rest hands errors to it.
    files: ['apps/web/src/{app/routes,components,features,lib}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/errors.ts'],
    rules: { 'no-console': 'error' },
  },
);
