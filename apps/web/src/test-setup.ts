import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The tests read dates and numbers as a British nurse's browser shows them (jsdom says en-US);
// lib/format.test.ts covers the other locales.
Object.defineProperty(window.navigator, "language", { configurable: true, get: () => "en-GB" });

// jsdom lacks matchMedia (MUI useMediaQuery) and ResizeObserver.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
