/** Deployment-level settings of the web app (not spec constants; those live in @openpro/core). */
export const appVersion: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? "dev";

/** The patient app (shown on /get-the-app); the store addresses are deployment settings. */
export const patientApp = {
  name: "OpenPRO",
  iosUrl: (import.meta.env.VITE_IOS_APP_URL as string | undefined) ?? "https://apps.apple.com/app/openpro/id0000000000",
  androidUrl:
    (import.meta.env.VITE_ANDROID_APP_URL as string | undefined) ??
    "https://play.google.com/store/apps/details?id=org.openpro.app",
};
