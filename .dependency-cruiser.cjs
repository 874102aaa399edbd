// Import boundaries, checked by `npm test` (scripts/test.mjs, step "boundaries") and `npm run boundaries`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and the parts impossible to test or lazy-load on their own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'portal-features-are-isolated',
      severity: 'error',
      comment:
        'A portal feature (apps/portal/src/features/<area>) uses only app/, components/, lib/ and the packages, never another feature: shared code moves to components/ or lib/, domain rules to @hoppa/core.',
      from: { path: '^apps/portal/src/features/([^/]+)/' },
      to: { path: '^apps/portal/src/features/', pathNot: '^apps/portal/src/features/$1/' },
    },
    {
      name: 'floor-features-are-isolated',
      severity: 'error',
      comment:
        'A floor task (apps/floor/src/features/<task>) uses only app/, components/, offline/, scan/ and the packages, never another task.',
      from: { path: '^apps/floor/src/features/([^/]+)/' },
      to: { path: '^apps/floor/src/features/', pathNot: '^apps/floor/src/features/$1/' },
    },
    {
      name: 'apps-use-packages-through-their-exports',
      severity: 'error',
      comment:
        'Apps and e2e import a workspace package (@hoppa/core, @hoppa/web) by its name, which resolves to its src/index.ts, or by a subpath its package.json exports for lazy loading (@hoppa/web/camera-scanner, @hoppa/web/phone-field, @hoppa/core/rich-text); a deep import couples to its internals.',
      from: { path: '^(apps|e2e)/' },
      to: {
        path: '^packages/[^/]+/src/',
        pathNot: [
          '^packages/[^/]+/src/index\\.tsx?$',
          '^packages/web/src/camera-scanner\\.tsx$',
          '^packages/web/src/phone-field\\.tsx$',
          '^packages/core/src/rich-text\\.ts$',
        ],
      },
    },
    {
      name: 'packages-use-each-other-through-their-exports',
      severity: 'error',
      comment: 'A package imports its own files freely, another package only through its index.',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/[^/]+/src/', pathNot: ['^packages/$1/', '^packages/[^/]+/src/index\\.tsx?$'] },
    },
    {
      name: 'api-modules-only-through-their-index',
      severity: 'error',
      comment:
        'Outside the API modules (app.ts, lib/, db/, the module list), a module (apps/api/src/modules/<m>/) is reached only through modules/<m>/index.ts. Tests and test fixtures are exempt; shared fixtures belong in apps/api/src/test/.',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/modules/[^/]+/', '\\.test\\.ts$', '/test/'] },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-modules-use-each-other-through-their-index',
      severity: 'error',
      comment: 'One API module reaches another only through its index.ts, never its services or routes.',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: ['\\.test\\.ts$', '/test/'] },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
