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
    {
      name: "entries-not-staff-shell",
      comment:
        "The patient app and the public pages are entries of their own: what they share with the staff app " +
        "(theme, style nonce, error boundary, info links) lives in lib/ or components/, never in app/.",
      severity: "error",
      from: { path: "^apps/web/src/(patient-app|public-pages-app)/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "tools-through-server-surface",
      comment:
        "The bench and the journeys reach the server through its public surface (apps/server/src/index.ts: " +
        "the app factory, demo data, the statements the bench times) or as a process over HTTP; never its " +
        "tests' helpers or another file of its sources.",
      severity: "error",
      from: { path: "^(bench|e2e)/" },
      to: { path: "^apps/server/", pathNot: "^apps/server/src/index\\.ts$" },
    },
    {
      name: "server-surface-not-imported-inside",
      comment: "apps/server/src/index.ts is for tools outside the server; the server's own files import each other.",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "^apps/server/src/index\\.ts$" },
    },
    // Cycles between files. Cycles between folders (modules/alerts <-> modules/logs, core api/ <->
    // rules/) are checked by .dependency-cruiser-folders.cjs, which leaves the tests out.
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
