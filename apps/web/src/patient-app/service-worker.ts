/**
 * Registers /me-sw.js (built by apps/web/patient-app-sw.ts) for /me, so the app opens without a
 * network. Only in a built app: the development server has no service worker file.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/me-sw.js", { scope: "/me" }).catch(() => {
      // The app works without it, only not offline.
    });
  });
};
