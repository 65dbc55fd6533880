import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { useProduct } from "./support/journey.js";
import { expectAccessible, signIn } from "./support/journeys.js";

/**
 * Security issue 29 §3: each of the eight default roles (the demo's accounts) opens a program from
 * its program list and every tab it is offered there; no request is refused (403) and nobody is
 * signed out. A program opens on the first tab the role may see in it (the participant list for a
 * care team, the reports for life-sciences roles).
 */
const demoAccounts = [
  "superadmin@openpro.demo",
  "tester@openpro.demo",
  "programadmin@openpro.demo",
  "ls.admin@openpro.demo",
  "clinical.admin@openpro.demo",
  "clinician.admin@openpro.demo",
  "ls.member@openpro.demo",
  "nurse@openpro.demo",
] as const;

describe("every role opens a program on a tab it may see", () => {
  const journey = useProduct();
  const { mail, product } = journey;

  /** Refused API calls seen by the page, as "METHOD path status". */
  const watchRefusals = (page: Page) => {
    const refused: string[] = [];
    page.on("response", (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/api/") && response.status() === 403)
        refused.push(`${response.request().method()} ${url.pathname} 403`);
    });
    return refused;
  };

  for (const email of demoAccounts) {
    it(`${email}: a program and each of its tabs, without a refusal or a sign-out`, async () => {
      const context = await newContext(journey.browser, product.baseUrl);
      const page = await context.newPage();
      const refused = watchRefusals(page);
      try {
        await signIn(page, mail, email);
        await page.goto("/programs");
        const firstProgram = page.locator('main a[href^="/programs/"]:not([href="/programs/create"])').first();
        await firstProgram.waitFor({ state: "visible", timeout: 20_000 });
        await firstProgram.click();
        const tabs = page.getByRole("navigation", { name: "Program sections" }).getByRole("tab");
        await tabs.first().waitFor({ state: "visible", timeout: 20_000 });
        await page.waitForLoadState("networkidle");
        // The tab it opened on is one it offers.
        await expect.poll(() => page.getByRole("tab", { selected: true }).count()).toBe(1);
        // Where a life-sciences member lands: the program's reports, not a refused participant list.
        if (email === "ls.member@openpro.demo") {
          await page.waitForURL(/\/reports$/);
          await expectAccessible(page, "program-as-ls-member");
        }
        const names = await tabs.allInnerTexts();
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) {
          await page.getByRole("navigation", { name: "Program sections" }).getByRole("tab", { name }).click();
          await page.waitForLoadState("networkidle");
          expect(new URL(page.url()).pathname).not.toBe("/login");
        }
        expect(refused).toEqual([]);
        expect(new URL(page.url()).pathname.startsWith("/programs/")).toBe(true);
      } catch (error) {
        await page.screenshot({ path: `/tmp/program-roles-${email}.png` }).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});
