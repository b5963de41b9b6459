import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The web app's files whose every text comes from the catalogs (see the rule below). */
const translatedFiles = [
  'components/layout/navbar.tsx',
  'components/layout/footer.tsx',
  'components/layout/public-layout.tsx',
  'components/layout/top-bar-search.tsx',
  'components/layout/brand-logo.tsx',
  'components/layout/language-switch.tsx',
  'components/ui/page-title.tsx',
  'app/routes/home.tsx',
  'features/content/components/hero.tsx',
  'features/content/components/promo-banner.tsx',
  'features/content/components/testimonials.tsx',
  'features/content/components/why-we-are-best.tsx',
  'features/catalog/components/category-grid.tsx',
  'features/catalog/components/advertisement-section.tsx',
  'app/routes/search.tsx',
  'app/search-results.tsx',
  'app/product-results.tsx',
  'features/search/components/results-frame.tsx',
  'features/search/components/search-filters.tsx',
  'features/search/components/filter-choices.tsx',
  'features/search/components/filters-dialog.tsx',
  'features/search/components/view-toggle.tsx',
  'features/search/components/cursor-pager.tsx',
  'features/search/components/loosen-search.tsx',
  'features/search/components/compact-result.tsx',
  'features/search/components/site-search.tsx',
  'features/catalog/components/product-card.tsx',
  'features/catalog/components/phone-details.tsx',
  'features/catalog/components/listing-view.tsx',
  'features/catalog/components/listing-head.tsx',
  'app/routes/log-in.tsx',
  'app/routes/registration.tsx',
  'app/routes/forgot-password.tsx',
  'app/routes/reset-password.tsx',
  'app/routes/unsubscribe.tsx',
  'app/routes/error-page.tsx',
  'app/routes/not-found.tsx',
  'app/toast-host.tsx',
  'components/layout/not-found-content.tsx',
  'components/ui/form.tsx',
  'components/ui/form-field.tsx',
  'components/ui/error-state.tsx',
  'features/auth/components/log-in-form.tsx',
  'features/auth/components/registration-form.tsx',
  'features/auth/components/forgot-password-form.tsx',
  'features/auth/components/reset-password-form.tsx',
  'features/auth/components/signed-in-notice.tsx',
  'features/auth/components/social-sign-in.tsx',
  'features/auth/components/guards.tsx',
  'components/ui/spinner.tsx',
  'components/ui/action-dialog.tsx',
  'components/ui/leave-guard.tsx',
  'features/notifications/components/unsubscribe-view.tsx',
  'features/catalog/components/listing-badges.tsx',
  'features/catalog/components/seller-rating-line.tsx',
  'features/bookings/components/book-button.tsx',
  'app/routes/product.tsx',
  'features/bookings/components/booking-modal.tsx',
  'features/bookings/components/accept-dialog.tsx',
  'features/bookings/components/spot-picker.tsx',
  'features/bookings/components/seller-request-actions.tsx',
  'features/bookings/components/buyer-order-actions.tsx',
  'features/bookings/components/cancel-dialog.tsx',
  'features/bookings/components/reason-dialog.tsx',
  'features/bookings/components/code-dialog.tsx',
  'features/bookings/components/safety-advice.tsx',
  'features/bookings/components/meeting-spot-card.tsx',
  'features/bookings/components/meeting-check-in.tsx',
  'features/bookings/components/share-plan-dialog.tsx',
  'features/bookings/components/meeting-plan-view.tsx',
  'features/bookings/components/admin-meeting-spots.tsx',
  'features/bookings/components/spot-place-field.tsx',
  'app/routes/dashboard/meeting-spots.tsx',
  'app/routes/meeting-plan.tsx',
  'features/orders/components/booking-status.tsx',
  'features/orders/components/order-list.tsx',
  'features/orders/components/my-buyers-table.tsx',
  'components/ui/meeting-spot-summary.tsx',
  'components/ui/when.tsx',
  'features/messages/components/inbox.tsx',
  'features/messages/components/conversation-row.tsx',
  'features/messages/components/thread.tsx',
  'features/messages/components/thread-menu.tsx',
  'features/messages/components/message-composer.tsx',
  'features/messages/components/message-item.tsx',
  'features/messages/components/messages-link.tsx',
  'features/messages/components/ask-seller-button.tsx',
  'features/messages/components/ask-seller-dialog.tsx',
  'features/messages/components/report-dialog.tsx',
  'features/messages/components/scam-warning.tsx',
  'features/messages/components/offer-event-card.tsx',
  'features/offers/components/make-offer-button.tsx',
  'features/offers/components/make-offer-dialog.tsx',
  'features/offers/components/offer-rules-button.tsx',
  'features/offers/components/offer-rules-dialog.tsx',
  'features/bookings/components/mark-sold-button.tsx',
  'components/layout/dashboard-frame.tsx',
  'components/layout/dashboard-sidebar.tsx',
  'components/layout/dashboard-shell.tsx',
  'app/routes/dashboard/layout.tsx',
  'app/routes/dashboard/welcome.tsx',
  'app/routes/dashboard/my-orders.tsx',
  'app/routes/dashboard/my-buyers.tsx',
  'app/routes/dashboard/messages.tsx',
  'app/routes/dashboard/messages-index.tsx',
  'app/routes/dashboard/conversation.tsx',
  'app/routes/seller.tsx',
  'features/reviews/components/seller-head.tsx',
  'features/reviews/components/seller-summary.tsx',
  'features/reviews/components/seller-reviews.tsx',
  'features/reviews/components/review-item.tsx',
  'components/ui/rating-stars.tsx',
  'app/app-updates.tsx',
  'features/admin/components/buyers-table.tsx',
  'features/admin/components/seller-card.tsx',
  'features/moderation/components/reason-dialog.tsx',
  'features/moderation/components/reason-label.tsx',
  'features/moderation/components/report-queue.tsx',
  'features/moderation/components/admin-dashboard.tsx',
  'features/moderation/components/report-button.tsx',
  'features/moderation/components/daily-bar-chart.tsx',
  'features/moderation/components/moderation-notice.tsx',
  'features/moderation/components/report-dialog.tsx',
  'features/moderation/components/audit-table.tsx',
  'features/moderation/components/report-target.tsx',
  'features/stolen-phones/components/admin-stolen-reports.tsx',
  'features/stolen-phones/components/clear-dialog.tsx',
  'app/routes/dashboard/all-sellers.tsx',
  'app/routes/dashboard/all-buyers.tsx',
  'app/routes/dashboard/reports.tsx',
  'app/routes/dashboard/audit.tsx',
  'app/routes/dashboard/stolen-reports.tsx',
  'app/routes/dashboard/possession-photos.tsx',
  'app/restore-member-button.tsx',
  'features/catalog/components/fair-price-line.tsx',
  'features/catalog/components/listing-gallery.tsx',
  'app/routes/category.tsx',
  'app/routes/categories.tsx',
  'app/routes/blog.tsx',
  'app/routes/help.tsx',
  'app/routes/meeting-spots.tsx',
  'features/content/components/blog-list.tsx',
  'components/ui/combobox-field.tsx',
  'components/ui/pager.tsx',
  'components/ui/user-avatar.tsx',
  'components/ui/query-content.tsx',
  'components/ui/combobox.tsx',
  'components/ui/distance-away.tsx',
  'components/ui/popover.tsx',
  'components/ui/line-icon.tsx',
  'components/ui/date-field.tsx',
  'components/ui/paged-list.tsx',
  'components/ui/suggestion-list.tsx',
  'components/ui/data-table.tsx',
  'components/layout/support-address.tsx',
  'features/listings/components/product-form.tsx',
  'features/listings/components/photo-manager.tsx',
  'features/listings/components/my-products-table.tsx',
  'features/listings/components/imei-field.tsx',
  'features/listings/components/model-field.tsx',
  'features/listings/components/details-nudge.tsx',
  'features/listings/components/fair-price-hint.tsx',
  'app/routes/dashboard/my-products.tsx',
  'app/routes/dashboard/add-product.tsx',
  'app/routes/dashboard/edit-product.tsx',
  'app/routes/dashboard/my-reviews.tsx',
  'app/routes/dashboard/check-phone.tsx',
  'app/routes/dashboard/stolen-phones.tsx',
  'features/possession/components/possession-panel.tsx',
  'features/possession/components/pending-photos.tsx',
  'features/reviews/components/review-dialog.tsx',
  'features/reviews/components/reply-dialog.tsx',
  'features/reviews/components/order-review.tsx',
  'features/reviews/components/star-input.tsx',
  'features/inspection/components/inspection-walk.tsx',
  'features/inspection/components/phone-history.tsx',
  'features/stolen-phones/components/own-stolen-reports.tsx',
  'features/stolen-phones/components/stolen-report-form.tsx',
  'features/places/components/area-field.tsx',
  'features/places/components/near-control.tsx',
  'features/account/components/profile-form.tsx',
  'features/account/components/account-summary.tsx',
  'features/account/components/change-password-form.tsx',
  'features/account/components/your-data-panel.tsx',
  'features/account/components/delete-account-form.tsx',
  'features/account/components/become-seller-button.tsx',
  'features/account/components/role-switch-button.tsx',
  'features/account/components/become-buyer-button.tsx',
  'features/notifications/components/notification-settings-form.tsx',
  'features/notifications/components/notification-item.tsx',
  'features/notifications/components/bell-panel.tsx',
  'features/notifications/components/push-device-switch.tsx',
  'features/notifications/components/notification-bell.tsx',
  'features/notifications/components/notification-center.tsx',
  'features/wishlist/components/wishlist-heart.tsx',
  'features/wishlist/components/wishlist-table.tsx',
  'features/search/components/save-search.tsx',
  'features/search/components/search-starting.tsx',
  'app/routes/dashboard/profile.tsx',
  'app/routes/dashboard/notifications.tsx',
  'app/routes/dashboard/notification-settings.tsx',
  'app/routes/dashboard/my-wishlist.tsx',
  'app/routes/dashboard/saved-searches.tsx',
  'app/routes/dashboard/checkout.tsx',
  'components/layout/log-out-button.tsx',
  'components/layout/session-ended-banner.tsx',
  'components/layout/account-wall.tsx',
  'components/layout/navigation-progress.tsx',
  'app/top-bar-alerts.tsx',
  'app/viewer-controls.tsx',
  'app/live-updates.tsx',
  'app/listing-gone.tsx',
];

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
    // What a person reads comes from the language catalogs (decision 0042). The files are listed
    // as they are translated, so the rule grows file by file until it covers the whole web app.
    files: translatedFiles.map((file) => `apps/web/src/${file}`),
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
