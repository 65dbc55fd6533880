// `npm run build -w @openpro/web [-- --outDir DIR]`: the staff app (vite.config.ts, React), then the
// public pages and the patient app (vite.preact.config.ts, Preact) into the same folder.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("../", import.meta.url));
const at = process.argv.indexOf("--outDir");
const outDir = at > 0 ? resolve(process.argv[at + 1]) : resolve(root, "dist");
const logLevel = process.argv.includes("--quiet") ? "warn" : "info";

await build({ root, configFile: resolve(root, "vite.config.ts"), logLevel, build: { outDir, emptyOutDir: true } });
await build({
  root,
  configFile: resolve(root, "vite.preact.config.ts"),
  logLevel,
  build: { outDir, emptyOutDir: false },
});
