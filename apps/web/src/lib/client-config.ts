import { limits, publicPageRoutes } from "@openpro/core/schema-free";
import { useSyncExternalStore } from "react";
import { callRoute } from "./route-call";

/** What the installation tells the web app at start (support address, error reporting). */
export interface ClientConfig {
  supportEmail: string;
  sentryDsn: string | null;
  errorSampleRate: number;
}

const fallback: ClientConfig = {
  supportEmail: "support@openpro.example",
  sentryDsn: null,
  errorSampleRate: limits.errorReportingSampleRate,
};

let current: ClientConfig = fallback;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export const readClientConfig = (): ClientConfig => current;

/** Fetches the configuration once; on failure the defaults stay (the app works without it). */
export const loadClientConfig = (): Promise<void> => {
  loading ??= callRoute(publicPageRoutes.clientConfig)
    .then((config) => {
      current = {
        supportEmail: config.supportEmail || fallback.supportEmail,
        sentryDsn: config.sentryDsn,
        errorSampleRate: config.errorSampleRate,
      };
      for (const listener of listeners) listener();
    })
    .catch(() => undefined);
  return loading;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useClientConfig = (): ClientConfig => useSyncExternalStore(subscribe, readClientConfig, readClientConfig);
