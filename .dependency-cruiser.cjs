/**
 * The architecture rules, checked in CI (`npm run lint:deps`). See docs/architecture.md.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules form layers; a cycle means two of them should be one or a third is missing.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      comment: 'The browser talks to the server over HTTP contracts only.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared holds schemas, rules and contracts used by both apps.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'shared-does-no-io',
      severity: 'error',
      comment: 'No database, network, file or UI library in packages/shared.',
      from: { path: '^packages/shared/', pathNot: '\\.test\\.ts$' },
      to: {
        path: ['node_modules/(pg|@electric-sql|drizzle-orm|nodemailer|stripe|pino|hono|react|react-dom|@tanstack)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      from: { path: '^packages/shared/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sql-only-in-repos',
      severity: 'error',
      comment: 'Queries live in *.repo.ts files and src/db; services and routes call repos.',
      from: {
        path: '^apps/server/src/',
        // boot.ts opens the database (no queries); fixtures and tests set rows up directly.
        pathNot: [
          '\\.repo\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/boot\\.ts$',
          '\\.test\\.ts$',
          '^apps/server/src/test/',
          '/fixtures/',
        ],
      },
      to: {
        path: ['node_modules/drizzle-orm/', '^apps/server/src/db/client\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    exclude: { path: ['/dist/'] },
  },
};
