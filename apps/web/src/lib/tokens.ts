import { readStorage, storageKeys, writeStorage } from "./storage-keys";

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type Listener = (tokens: TokenPair | null) => void;
const listeners = new Set<Listener>();

export const readTokens = (): TokenPair | null => {
  const accessToken = readStorage(storageKeys.accessToken);
  const refreshToken = readStorage(storageKeys.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
};

const notify = () => {
  const tokens = readTokens();
  for (const listener of listeners) listener(tokens);
};

export const storeTokens = (tokens: TokenPair): void => {
  writeStorage(storageKeys.accessToken, tokens.accessToken);
  writeStorage(storageKeys.refreshToken, tokens.refreshToken);
  notify();
};

export const clearTokens = (): void => {
  writeStorage(storageKeys.accessToken, null);
  writeStorage(storageKeys.refreshToken, null);
  notify();
};

/** Called with the new pair (or null) whenever tokens change, in this tab or another one. */
export const subscribeTokens = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === storageKeys.accessToken || event.key === storageKeys.refreshToken) notify();
  });
}
