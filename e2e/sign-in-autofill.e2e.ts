import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, enterCode, expectVisible } from "./support/journeys.js";

/**
 * What Chrome's password manager does to a page it fills on load, as far as a page can tell: the inputs match
 * `:-webkit-autofill` (their autofill animation starts: plain-ui's `pu-autofill`, MUI's `mui-auto-fill`), no input or
 * change event fires, and scripts read empty values until the person's first press, which shows them, still without
 * an event. A fresh headless profile has no saved credentials, so the animation is started through the element's
 * style (CSSOM, which the page's Content-Security-Policy allows) and the values are set with the native setter.
 */
const browserFills = async (page: Page, animation: "pu-autofill" | "mui-auto-fill", names: string[]) =>
  page.evaluate(
    ([animationName, fields]) => {
      for (const name of fields as string[]) {
        const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
        if (input) input.style.animation = `${animationName} 5000s`;
      }
    },
    [animation, names] as const,
  );

/** The press shows the filled values to scripts (Chrome's gatekeeper), with no event either. */
const browserShows = async (page: Page, values: Record<string, string>) =>
  page.evaluate((entries) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    for (const [name, value] of Object.entries(entries)) {
      const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (input) setValue.call(input, value);
    }
  }, values);

describe("forms the browser filled sign in and send with one press (document 1 §5, decision 032)", () => {
  const journey = useProduct();
  const { mail, product } = journey;

  it("signs a nurse in over credentials the browser filled, on the light entry's sign-in page", async () => {
    const context = await newContext(journey.browser, product.baseUrl);
    const page = await context.newPage();
    await page.goto("/login");
    const logIn = page.getByRole("button", { name: "Log in" });
    await expectVisible(logIn);
    // Untouched: Log in waits for a change.
    expect(await logIn.isDisabled()).toBe(true);

    await browserFills(page, "pu-autofill", ["email", "password"]);
    await expect.poll(() => logIn.isDisabled(), { timeout: 10_000 }).toBe(false);
    const before = mail.mails.length;
    await browserShows(page, { email: "nurse@openpro.demo", password: DEMO_PASSWORD });
    await logIn.click();

    await page.waitForURL(/\/2FA\//);
    await enterCode(page, mail.codeIn(await mail.waitFor("nurse@openpro.demo", /sign-in code/, before)));
    await page.getByRole("button", { name: "Confirm code" }).click();
    await page.waitForURL(/\/programs/);
    await context.close();
  });

  it("sends a reset code for an e-mail the browser filled, on a staff-app form", async () => {
    const context = await newContext(journey.browser, product.baseUrl);
    const page = await context.newPage();
    await page.goto("/reset-password");
    const sendCode = page.getByRole("button", { name: "Send code" });
    await expectVisible(sendCode);
    expect(await sendCode.isDisabled()).toBe(true);

    await browserFills(page, "mui-auto-fill", ["email"]);
    await expect.poll(() => sendCode.isDisabled(), { timeout: 10_000 }).toBe(false);
    const before = mail.mails.length;
    await browserShows(page, { email: "ls.member@openpro.demo" });
    await sendCode.click();
    await expectVisible(page.getByRole("dialog").getByText("Please check your email..."));
    await mail.waitFor("ls.member@openpro.demo", /Reset your OpenPRO password/, before);
    await context.close();
  });
});
