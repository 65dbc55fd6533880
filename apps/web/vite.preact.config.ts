import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { patientServiceWorker } from "./patient-app-sw";
import { compiledPatientText, precompress, routePreload, zodJitless } from "./vite.plugins";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/** The manifest of this build, beside the staff build's .vite/manifest.json (bench/bundle-size.ts reads both). */
export const PREACT_MANIFEST = ".vite/manifest.preact.json";

/**
 * The Preact build: the light entry of the public pages (public-pages.html: a patient's invitation,
 * consent, sign-up, …; the staff sign-in and invitation) and the patient web app (me.html, /me).
 * Preact through its React compatibility layer: the same hooks, at a tenth of react-dom's weight,
 * so that a phone on a slow network shows the invitation fast and a desktop the sign-in (issue
 * 19's budgets, bench/bundle-size.ts). The public pages go further: no MUI, query or router
 * library and no zod (components/plain-ui.tsx, lib/route-call.ts). Into the staff build's folder,
 * after it (emptyOutDir off).
 */
export default defineConfig({
  plugins: [react(), compiledPatientText(), zodJitless(), routePreload(), patientServiceWorker(), precompress()],
  define: { "import.meta.env.VITE_APP_VERSION": JSON.stringify(version) },
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    manifest: PREACT_MANIFEST,
    rollupOptions: { input: { me: "me.html", publicPages: "public-pages.html" } },
  },
});
