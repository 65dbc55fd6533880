import { readFileSync } from "node:fs";
import { signInTextKeys } from "@openpro/core";
import { describe, expect, it } from "vitest";

/**
 * The sign-in screen (/me/login) opens with its own texts only (core's patient-text/sign-in.ts) and
 * the rest of the language after: every text its files show must be among them, or it would read
 * as its key for a moment.
 */
const SIGN_IN_SCREEN = [
  "pages/me-login-page.tsx",
  "components/login-form.tsx",
  "components/me-layout.tsx",
  "router.tsx",
  "../components/language-switch.tsx",
];

describe("the sign-in screen's first texts", () => {
  it("holds every text the sign-in screen and its frame show", () => {
    const shown = SIGN_IN_SCREEN.flatMap((file) =>
      [...readFileSync(new URL(file, import.meta.url), "utf8").matchAll(/\bt\("(\w+)"/g)].map((match) => match[1]!),
    );
    expect(shown.length).toBeGreaterThan(10);
    const missing = [...new Set(shown)].filter((key) => !(signInTextKeys as readonly string[]).includes(key));
    expect(missing).toEqual([]);
  });
});
