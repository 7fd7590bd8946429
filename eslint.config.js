// ESLint (flat config). `npm run lint` runs it with --max-warnings=0; `npm test` runs it after the typecheck.
// Besides typescript-eslint's recommended rules and the two classic React hooks rules, it enforces the
// import boundaries of docs/architecture.md with import-x/no-restricted-paths, and no import cycles.
//
// TypeScript: `tsc` is TypeScript 7 (the `@typescript/native` alias), which ships no JS compiler API yet;
// the package named `typescript` is the TypeScript 6 compatibility package (`@typescript/typescript6`),
// which typescript-eslint parses with. Drop the alias once typescript-eslint supports TypeScript 7.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Boundaries (docs/architecture.md). Paths are relative to the repository root; a zone forbids files
// under `target` to import anything under `from`, except the paths in `except` (relative to `from`).
// ---------------------------------------------------------------------------------------------------

// Features may import a few named pieces of another feature. These are the cross-feature imports in use
// today, by target module (relative to src/features); any other cross-feature import fails. Add to this
// list only when a piece is meant to be shared (its queries, its model, a reusable component).
const sharedFeatureModules = [
  './admin/access/api.ts', //                    admin/auth-debug
  './admin/audit/api.ts', //                     admin/bookings (the audit trail)
  './admin/audit/describe.ts', //                admin/bookings (the audit trail's words)
  './admin/enquiries/model.ts', //               admin/clients
  './admin/media/components/MediaPicker.tsx', // admin/catalogue
  './branding/api.ts', //                        contact, portal
  './contact/api.ts', //                         planning
  './contact/components/Honeypot.tsx', //        planning
  './contact/enquiry-checks.ts', //              planning
  './tours/components/TourCard.tsx', //          portal
  './tours/model.ts', //                         destinations, experiences, portal
];

// One feature per folder of src/features, and one per folder of src/features/admin.
const featureDirs = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    entry.name === 'admin'
      ? readdirSync(path.join(root, 'src/features/admin'), { withFileTypes: true })
          .filter((sub) => sub.isDirectory())
          .map((sub) => `admin/${sub.name}`)
      : [entry.name],
  );

// The platform (the stand-in for hosted Supabase) and the product code it must not import.
const platform = ['server/platform'];
const product = [
  'server/api',
  'server/bookings',
  'server/quotes',
  'server/payments',
  'server/documents',
  'server/mail',
  'server/jobs',
  'server/seo',
  'server/seed',
  'server/pwa.ts',
  'server/app.ts',
  'server/config.ts',
  'server/context.ts',
  'server/log.ts',
  'server/main.ts',
  'server/platform.ts',
  'shared',
  'src',
];

// Platform files allowed to import one product module each. Empty: the platform has its own context
// and config (server/platform/context.ts, server/platform/config.ts) and imports no product code.
// Keep it empty; an entry here is a boundary broken.
const platformExceptions = {};

/** All zones; `allowedProduct` lists the product modules one platform file may still import. */
function boundaryZones(allowedProduct = []) {
  return [
    {
      target: ['src/lib', 'src/components'],
      from: ['src/features', 'src/routes', 'src/app'],
      message: 'src/lib and src/components import no feature, route or app code (docs/architecture.md).',
    },
    {
      target: 'src/features',
      from: ['src/routes', 'src/app'],
      message: 'Features import no route or app code (docs/architecture.md).',
    },
    ...featureDirs.map((feature) => ({
      target: `src/features/${feature}`,
      from: 'src/features',
      except: [`./${feature}`, ...sharedFeatureModules],
      message:
        'A feature imports another feature only through the shared modules listed in eslint.config.js (sharedFeatureModules).',
    })),
    // What the browser and the server both use lives in shared/, so neither side reaches into the other.
    {
      target: 'server',
      from: 'src',
      message: 'The server imports nothing from src/; code both sides use lives in shared/ (docs/architecture.md).',
    },
    {
      target: 'shared',
      from: ['src', 'server'],
      message: 'shared/ imports nothing from src/ or server/, only packages and other shared/ modules (docs/architecture.md).',
    },
    // One zone per product module, so that an exception can allow one file inside it (server/mail/queue.ts).
    ...product
      .filter((module) => !allowedProduct.includes(module))
      .map((module) => ({
        target: platform,
        from: module,
        except: allowedProduct.filter((allowed) => allowed.startsWith(`${module}/`)).map((allowed) => `./${path.relative(module, allowed)}`),
        message: 'The platform (server/platform: auth, rest, storage, db, http, jwt) imports no product code (docs/architecture.md).',
      })),
    {
      target: 'sw',
      from: ['src/features', 'src/routes', 'src/app'],
      message: 'The service worker imports no feature, route or app code.',
    },
  ];
}

const restrictedPaths = (allowedProduct) => [
  'error',
  { basePath: root, zones: boundaryZones(allowedProduct) },
];

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-server/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      '.data/',
      '.data-*/',
      '.vite/',
      'scratch/',
      'supabase/schema/',
      'src/routeTree.gen.ts',
      'src/routeTree.public.gen.ts',
      'src/lib/database.types.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    rules: {
      // The codebase's convention (as tsc's noUnused* checks allow): a leading underscore marks a value
      // that is unused on purpose, and destructuring drops fields by naming them beside a ...rest.
      // The typescript-eslint rule replaces the core one in .mjs/.cjs files too.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: the few regexes with control characters reject or strip them from input on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use no other fixture.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic rules; the React Compiler rules of the plugin's v7 presets stay off.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // As import-x's TypeScript preset: without a parser for .ts/.tsx, no-cycle cannot read the imported files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(),
      // The zones above only see imports that resolve, so an unresolved import is an error too.
      'import-x/no-unresolved': 'error',
      // Static import cycles. Type-only imports erase, and a chain through a lazy `import()` (a code-split
      // chunk importing back from the module that loads it: lib/notify.ts ⇄ lib/toast.ts, wishlist's
      // WishlistToggle ⇄ TravelerWishlistToggle) runs after both modules are evaluated, so neither counts.
      'import-x/no-cycle': ['error', { maxDepth: Infinity, ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  ...Object.entries(platformExceptions).map(([file, allowed]) => ({
    files: [file],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(allowed) },
  })),
);
