import { describe, expect, it } from "vitest";
import { isPublicPagePath } from "./public-pages.js";

describe("the public pages", () => {
  it("are the patient-side pages, the staff sign-in and the staff invitation, with or without a final slash", () => {
    for (const path of [
      "/invite/K7M2P9QX",
      "/auth-consent/K7M2P9QX",
      "/demographic-info",
      "/get-the-app/",
      "/auth-confirm",
      "/unsubscribe",
      "/study/0b5cad00-0000-4000-8000-000000000001",
      "/login",
      "/login/",
      "/join/abc",
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
  });

  it("are not the staff app's other pages, nor a public page's path with a part more or less", () => {
    for (const path of [
      "/",
      "/programs",
      "/2FA/login/a%40b.org",
      "/reset-password",
      "/join",
      "/join/a/b",
      "/invite",
      "/me/login",
      "/loginx",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });
});
