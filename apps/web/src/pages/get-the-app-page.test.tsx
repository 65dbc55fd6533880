import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { t } from "../lib/patient-text";
import { AuthConfirmPage } from "./auth-confirm-page";
import { GetTheAppPage } from "./get-the-app-page";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/128.0 Safari/537.36";

/** A screen `width` px wide, in a browser that says it is `userAgent`. */
const screenOf = (width: number, userAgent: string) => {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: /max-width: 599px/.test(query) && width <= 599,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
};

afterEach(() => vi.restoreAllMocks());

describe("the get-the-app page", () => {
  it("offers the stores and the browser on a phone, without a QR code to scan with that same phone", () => {
    screenOf(390, IPHONE);
    render(<GetTheAppPage />);
    expect(screen.queryByRole("img", { name: /QR code/ })).toBeNull();
    expect(screen.getByRole("link", { name: /App Store/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Google Play/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: t("useInBrowser") }).getAttribute("href")).toBe("/me");
  });

  it("treats a phone's browser as a phone even on a wide screen (landscape, zoomed out)", () => {
    screenOf(900, IPHONE);
    render(<GetTheAppPage />);
    expect(screen.queryByRole("img", { name: /QR code/ })).toBeNull();
  });

  it("shows a computer the QR code that opens this page on a phone", () => {
    screenOf(1280, DESKTOP);
    render(<GetTheAppPage />);
    expect(screen.getByRole("img", { name: /QR code/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: t("useInBrowser") })).toBeTruthy();
  });
});

describe("the page after consent (/auth-confirm)", () => {
  it("says what was confirmed and what happens next, with the ways on", () => {
    render(<AuthConfirmPage />);
    expect(screen.getByRole("heading", { level: 1, name: t("confirmTitle") })).toBeTruthy();
    expect(screen.getByText(t("confirmDone"))).toBeTruthy();
    expect(screen.getByText(t("confirmNext"))).toBeTruthy();
    expect(screen.getByRole("link", { name: t("getTheApp") }).getAttribute("href")).toBe("/get-the-app");
    expect(screen.getByRole("link", { name: t("useInBrowser") }).getAttribute("href")).toBe("/me");
  });
});
