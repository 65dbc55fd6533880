/** Deployment-level settings of the web app (not spec constants; those live in @openpro/core). */
export const appVersion: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? "dev";
