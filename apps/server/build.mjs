// Builds the server for production: dist/main.js, run by `npm start` with plain Node after dist/instrument.js.
// Our own TypeScript (apps/server and the @openpro/core workspace, which ships as source) is bundled;
// every package from node_modules stays external and is loaded by Node at run time, as installed.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith("@openpro/"))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  // instrument.js is loaded before main.js (`node --import`): it starts tracing when configured.
  entryPoints: { main: "src/main.ts", instrument: "src/platform/tracing/instrument.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  sourcemap: true,
  legalComments: "none",
  logLevel: "info",
});
