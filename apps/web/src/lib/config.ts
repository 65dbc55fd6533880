/** Deployment-level settings of the web app (not spec constants; those live in @openpro/core). */
export const supportEmail: string =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? "support@openpro.example";

export const appVersion: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? "dev";
