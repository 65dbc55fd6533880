import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { patientServiceWorker } from "./patient-app-sw";
import { precompress, routePreload, zodJitless } from "./vite.plugins";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/** The manifest of this build, beside the staff build's .vite/manifest.json (bench/bundle-size.ts reads both). */
export const PATIENT_MANIFEST = ".vite/manifest.patient.json";

/**
 * The patient pages: the patient-side entry (patient-side.html: invitation, consent, sign-up, …)
 * and the patient web app (me.html, /me). Built on Preact through its React compatibility layer:
 * the same components and hooks, at a tenth of react-dom's weight, so that a phone on a slow
 * network shows the invitation fast (issue 19's budgets, bench/bundle-size.ts). The patient-side
 * entry goes further: no MUI, query or router library and no zod (components/plain-ui.tsx,
 * lib/route-call.ts). Into the staff build's folder, after it (emptyOutDir off).
 */
export default defineConfig({
  plugins: [react(), zodJitless(), routePreload(), patientServiceWorker(), precompress()],
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
    manifest: PATIENT_MANIFEST,
    rollupOptions: { input: { me: "me.html", patientSide: "patient-side.html" } },
  },
});
