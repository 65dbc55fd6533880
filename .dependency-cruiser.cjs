/** Import directions of ARCHITECTURE.md, checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: "core-imports-only-zod-and-phone-numbers",
      comment: "core's rules run in the server and the browser alike: zod, and libphonenumber-js for phone numbers.",
      severity: "error",
      from: { path: "^packages/core" },
      to: { dependencyTypes: ["npm", "npm-dev"], pathNot: "node_modules/(zod|libphonenumber-js)" },
    },
    { name: "core-not-apps", severity: "error", from: { path: "^packages/core" }, to: { path: "^apps/" } },
    { name: "web-not-server", severity: "error", from: { path: "^apps/web" }, to: { path: "^apps/server" } },
    { name: "server-not-web", severity: "error", from: { path: "^apps/server" }, to: { path: "^apps/web" } },
    {
      name: "feature-not-other-feature",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/([^/]+)/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "only-queries-and-db-touch-kysely",
      severity: "error",
      from: { path: "^apps/server/src", pathNot: ["queries\\.ts$", "^apps/server/src/db/", "\\.test\\.ts$"] },
      to: { path: "node_modules/kysely" },
    },
    {
      name: "components-lib-not-features-app",
      comment: "Shared web building blocks stay below the features, pages and the app shell.",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib)/" },
      to: { path: "^apps/web/src/(features|app|pages)/" },
    },
    {
      name: "pages-not-app",
      comment: "Pages compose features; the session and other app-wide state come from lib/.",
      severity: "error",
      from: { path: "^apps/web/src/pages/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "features-not-pages-app",
      severity: "error",
      from: { path: "^apps/web/src/features/" },
      to: { path: "^apps/web/src/(pages|app)/" },
    },
    {
      name: "server-module-through-service",
      comment: "A server module reaches another module only through its service.ts (tests exempt).",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^apps/server/src/modules/([^/]+)/",
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/[^/]+/service\\.ts$"],
      },
    },
    {
      name: "db-not-platform",
      comment: "The database layer (schema, migrations, demo data) stands below platform/ and the modules.",
      severity: "error",
      from: { path: "^apps/server/src/db/" },
      to: { path: "^apps/server/src/(platform|modules)/" },
    },
    // Modules must not form folder-level cycles either (patients -> programs -> patients).
    // dependency-cruiser checks cycles between files only (no-circular below); with every
    // cross-module import going through service.ts, a folder cycle mostly shows up as a file
    // cycle between services. Check the module graph by eye when adding a cross-module import.
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^apps/[^/]+/dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
