/** Import directions of ARCHITECTURE.md, checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: "core-imports-only-zod",
      severity: "error",
      from: { path: "^packages/core" },
      to: { dependencyTypes: ["npm", "npm-dev"], pathNot: "node_modules/zod" },
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
