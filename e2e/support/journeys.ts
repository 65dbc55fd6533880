import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { patientWords } from "../patient-words";
import { accessibilityViolations, screenshotDir, takeCspViolations } from "./browser.js";
import type { MailCapture } from "./mail-capture.js";

export const DEMO_PASSWORD = "Clinic-Demo-2026!";

/** Types a code into the six boxes the way a person does: one digit after another. */
export const enterCode = async (page: Page, code: string) => {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
};

/** Password, then the code read from the real SMTP capture; resolves once past the code screen. */
export const signIn = async (page: Page, mail: MailCapture, email: string, password = DEMO_PASSWORD) => {
  const before = mail.mails.length;
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/2FA\//);
  const codeMail = await mail.waitFor(email, /sign-in code/, before);
  await enterCode(page, mail.codeIn(codeMail));
  await page.getByRole("button", { name: "Confirm code" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/2FA"));
};

/** On the patient app's sign-in screen (/me/login): e-mail, password, Sign in; resolves once home (/me). */
export const signInToPatientApp = async (phone: Page, email: string, password: string) => {
  await phone.getByLabel(patientWords.email).fill(email);
  await phone.getByLabel(patientWords.password).fill(password);
  await phone.getByRole("button", { name: patientWords.signInButton }).click();
  await phone.waitForURL(/\/me$/);
};

/**
 * Waits for every finite CSS transition and animation on the page to end. A dialog that is still
 * fading in is half-transparent, and axe would measure the contrast of its text mid-fade (CI caught
 * this once on the patient app's withdraw dialog). Spinners run forever and are left alone.
 */
const settleTransitions = async (page: Page) => {
  await page.evaluate(async () => {
    // Two frames: a transition that a state change has just asked for starts on the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
};

/** Zero axe violations, and a screenshot to look at. */
export const expectAccessible = async (page: Page, name: string) => {
  await page.waitForLoadState("networkidle");
  // Every page has its h1 once loaded (or a dialog on top); scanning a loading spinner would prove nothing.
  await page
    .getByRole("heading", { level: 1 })
    .or(page.getByRole("dialog"))
    .first()
    .waitFor({ state: "visible", timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  // A menu that was just chosen from fades out; half-transparent, its items would fail the contrast
  // rule. A menu deliberately left open is scanned after 5 s all the same.
  await page
    .locator(".MuiMenu-root, .MuiPopover-root")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => undefined);
  await settleTransitions(page);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
  expect(await accessibilityViolations(page), `axe on ${name} (${page.url()})`).toEqual([]);
  expect(takeCspViolations(), `Content-Security-Policy violations up to ${name}`).toEqual([]);
};

/** Waits until something is on screen (fails the test after 10 s). */
export const expectVisible = async (locator: Locator, timeout = 20_000) => {
  await locator.first().waitFor({ state: "visible", timeout });
};

/** The page's one h1 reads exactly this. */
export const expectHeading = async (page: Page, text: string) => {
  await expectVisible(page.getByRole("heading", { level: 1, name: text, exact: true }));
};
