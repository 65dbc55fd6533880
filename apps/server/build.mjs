// Builds the server for production: one ES module, dist/main.js, run by `npm start` with plain Node.
// Our own TypeScript (apps/server and the @openpro/core workspace, which ships as source) is bundled;
// every package from node_modules stays external and is loaded by Node at run time, as installed.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith("@openpro/"))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  sourcemap: true,
  legalComments: "none",
  logLevel: "info",
});
