import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compiledPatientText, precompress, routePreload, zodJitless } from "./vite.plugins";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/**
 * The staff app (index.html), on React. The public pages and the patient app (public-pages.html,
 * me.html) are a second build into the same folder, on Preact: vite.preact.config.ts. `npm run
 * build` runs both (scripts/build.mjs); this one first, as it empties the folder.
 */
export default defineConfig({
  plugins: [react(), compiledPatientText(), zodJitless(), routePreload(), precompress()],
  define: { "import.meta.env.VITE_APP_VERSION": JSON.stringify(version) },
  server: { proxy: { "/api": "http://localhost:3000" } },
  preview: { proxy: { "/api": "http://localhost:3000" } },
  // The manifest maps each source module to its chunks (bench/bundle-size.ts reads it).
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    rollupOptions: { input: { main: "index.html" } },
  },
});
