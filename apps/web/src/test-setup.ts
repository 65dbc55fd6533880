import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { loadPublicPageTexts, showPatientLanguage } from "./lib/patient-text";

// The tests read dates and numbers as a British nurse's browser shows them (jsdom says en-US);
// lib/format.test.ts covers the other locales.
Object.defineProperty(window.navigator, "language", { configurable: true, get: () => "en-GB" });

// The patients' texts in English, as an entry loads them before its first screen (both the app's and
// the public pages' own: a test renders either).
loadPublicPageTexts();
await showPatientLanguage("en");

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
