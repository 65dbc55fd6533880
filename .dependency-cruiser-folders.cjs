/**
 * Folder cycles, checked by `npm run lint` after .dependency-cruiser.cjs (issue 34 §4): no folder
 * may reach itself through the imports of another (modules/alerts -> modules/logs -> modules/alerts,
 * core api/ -> rules/ -> api/). dependency-cruiser's `no-circular` sees cycles between files only;
 * this rule (scope "folder") sees them between folders. Tests are left out of this graph: a test
 * beside a module imports the shared test helpers, which import the whole server, and that is no
 * design cycle. A lower layer that needs to tell a higher one something exposes a hook the higher
 * one fills (the upload's hook in modules/logs/upload-hooks.ts, filled by modules/alerts in app.ts).
 */
const base = require("./.dependency-cruiser.cjs");

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: {
      path: [
        "^apps/[^/]+/dist/",
        "\\.test\\.tsx?$",
        "\\.e2e\\.ts$",
        "^apps/server/test/",
        "^apps/web/src/test-(utils|setup|fixtures)\\.tsx?$",
      ],
    },
  },
};
