import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** The patient app's entry: its name in build.rollupOptions.input (me.html, src/patient-app/main.tsx). */
export const PATIENT_ENTRY_NAME = "me";

/**
 * The patient app's service worker. Installing, it stores the app's shell: /me, every script and
 * style the patient app can load (its lazy screens too), the manifest and icons; so /me opens, and
 * every screen works, with no network. The API is never cached (the app keeps its own copies).
 * It also shows the reminders the server pushes and opens the app where a tapped one leads.
 */
const serviceWorkerSource = (cacheName: string, precache: string[]) => `"use strict";
const CACHE = ${JSON.stringify(cacheName)};
const PRECACHE = ${JSON.stringify(precache)};
const SHELL = "/me";
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("openpro-me-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});
const isApp = (path) => path === "/me" || path.startsWith("/me/");
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    if (!isApp(url.pathname)) return;
    // Network first, so a new version shows at once; the stored shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((cached) => cached || Response.error())),
    );
    return;
  }
  // Hashed assets never change under their name: the stored copy first.
  event.respondWith(
    caches.match(request, { ignoreSearch: true }).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith("/assets/")) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
// Reminders pushed by the server (issue 36 §3): its words only (never health data), a tap opens the app
// at the screen the reminder is about; only /me addresses are opened.
const appUrl = (path) => new URL(typeof path === "string" && isApp(path) ? path : SHELL, self.location.origin).href;
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = {};
  }
  event.waitUntil(
    self.registration.showNotification(typeof message.title === "string" ? message.title : "OpenPRO", {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : "openpro",
      icon: "/me-icon-192.png",
      badge: "/me-icon-192.png",
      data: { url: appUrl(message.url) },
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || appUrl(SHELL);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => isApp(new URL(w.url).pathname));
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
`;

/** Emits /me-sw.js with the list of files the patient entry can load (static and lazy imports, styles). */
export const patientServiceWorker = (): Plugin => {
  return {
    name: "openpro-patient-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === PATIENT_ENTRY_NAME);
      if (!entry) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = byFile.get(fileName);
        if (!chunk) return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      visit(entry.fileName);
      const precache = [
        "/me",
        "/me.webmanifest",
        "/me-icon-192.png",
        "/me-icon-512.png",
        "/favicon.svg",
        ...[...files].sort().map((file) => `/${file}`),
      ];
      const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
      this.emitFile({
        type: "asset",
        fileName: "me-sw.js",
        source: serviceWorkerSource(`openpro-me-${version}`, precache),
      });
    },
  };
};
