import type { BrowserContext, Page } from "playwright-core";
import { describe, it } from "vitest";
import { newContext } from "./support/browser.js";
import { useProduct } from "./support/journey.js";
import { enterCode, expectAccessible, expectHeading, expectVisible, signIn } from "./support/journeys.js";

describe("signing in and out of OpenPRO in Chromium", () => {
  const journey = useProduct();
  const { mail, product } = journey;
  let context: BrowserContext;
  let page: Page;

  const freshPage = async () => {
    await context?.close();
    context = await newContext(journey.browser, product.baseUrl);
    page = await context.newPage();
    return page;
  };

  it("lets a nurse in with the e-mailed code, and out again", async () => {
    await freshPage();
    await page.goto("/");
    await page.waitForURL(/\/login/);
    await expectHeading(page, "Welcome back");
    await expectAccessible(page, "login");

    await signIn(page, mail, "nurse@openpro.demo");
    // A clinical team member cannot view users, so "/" leads to the program list.
    await page.waitForURL(/\/programs/);
    await expectHeading(page, "Programs");
    await expectAccessible(page, "programs-nurse");

    await page.getByRole("button", { name: /Log out/ }).click();
    await page.waitForURL(/\/login/);
    await expectHeading(page, "Welcome back");
    // Signed out means signed out: the protected page sends us back to the login.
    await page.goto("/settings");
    await page.waitForURL(/\/login/);
  });

  it("refuses a wrong code with the spec's message", async () => {
    await freshPage();
    const before = mail.mails.length;
    await page.goto("/login");
    await page.locator('input[name="email"]').fill("clinician.admin@openpro.demo");
    await page.locator('input[name="password"]').fill("Clinic-Demo-2026!");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/2FA\//);
    const sent = mail.codeIn(await mail.waitFor("clinician.admin@openpro.demo", /sign-in code/, before));
    const wrong = sent === "000000" ? "111111" : "000000";
    await enterCode(page, wrong);
    await page.getByRole("button", { name: "Confirm code" }).click();
    await expectVisible(page.getByText("Incorrect code, please try again"));
    await expectAccessible(page, "two-factor-wrong-code");
  });

  it("signs a user out after 30 minutes without activity and says why", async () => {
    await freshPage();
    await page.clock.install();
    await signIn(page, mail, "clinical.admin@openpro.demo");
    await page.waitForURL(/\/programs/);
    await page.clock.fastForward("31:00");
    await page.waitForURL(/\/login/);
    await expectHeading(page, "Your session has expired");
    await expectVisible(page.getByText("Log back into your account with your email and password."));
    await expectAccessible(page, "login-expired");
  });

  it("resets a forgotten password with the e-mailed code", async () => {
    await freshPage();
    const email = "ls.member@openpro.demo";
    const newPassword = "Harbour-Lights-2031!";
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(/\/reset-password/);
    await expectAccessible(page, "reset-password");
    const before = mail.mails.length;
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expectVisible(page.getByRole("dialog").getByText("Please check your email..."));
    await page.getByRole("button", { name: "Enter code" }).click();
    await page.waitForURL(/\/2FA\/passwordReset\//);
    const code = mail.codeIn(await mail.waitFor(email, /Reset your OpenPRO password/, before));
    await enterCode(page, code);
    await page.getByRole("button", { name: "Confirm code" }).click();
    await page.waitForURL(/\/new-password/);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="confirmPassword"]').fill(newPassword);
    await expectAccessible(page, "new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expectVisible(page.getByText("You have successfully reset your password"));

    // The old password no longer works; the new one does.
    await freshPage();
    await page.goto("/login");
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill("Clinic-Demo-2026!");
    await page.getByRole("button", { name: "Log in" }).click();
    await expectVisible(page.getByText("Please check that your email address and password are correct."));
    await signIn(page, mail, email, newPassword);
    await page.waitForURL(/\/programs/);
  });

  it("shows 404 for an unknown page", async () => {
    await freshPage();
    await page.goto("/no-such-page");
    await expectHeading(page, "404");
    await expectAccessible(page, "not-found");
  });

  it("passes an accessibility scan on every public page", async () => {
    await freshPage();
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    for (const [name, path] of [
      ["privacy-policy", "/privacy-policy"],
      ["eula", "/eula"],
      ["terms", "/terms-and-conditions"],
      ["key-terms", "/key-terms"],
      ["confirm-code", "/confirm-code"],
      ["planned-downtime", `/planned-downtime/${encodeURIComponent(inAnHour)}`],
      ["unplanned-downtime", "/unplanned-downtime"],
    ] as const) {
      await page.goto(path);
      await expectVisible(page.getByRole("heading", { level: 1 }));
      await expectAccessible(page, name);
    }
  });

  it("passes an accessibility scan on every signed-in page of an admin", async () => {
    await freshPage();
    await signIn(page, mail, "superadmin@openpro.demo");
    // Everyone lands on Programs (issue 33), admins too.
    await page.waitForURL(/\/programs/);
    for (const [name, path] of [
      ["users", "/users"],
      ["programs-admin", "/programs"],
      ["organisations", "/organisations"],
      ["settings", "/settings"],
      ["outbox", "/outbox"],
      ["instructions", "/instructions-for-use?required=true"],
    ] as const) {
      await page.goto(path);
      await expectVisible(page.getByRole("heading", { level: 1 }));
      await expectAccessible(page, name);
    }
    // The outbox shows the sign-in code mails the server sent.
    await page.goto("/outbox");
    await expectVisible(page.getByText("Your OpenPRO sign-in code").first());
  });
});
