import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ApiAnswer } from "./support/api.js";
import { demoProgramId, patientsWithAccounts, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectVisible, signIn } from "./support/journeys.js";

/** Where the before/after pictures of the patient dashboard's day view go (named in the note). */
const shotsDir = process.env.E2E_LAYOUT_SHOTS ?? "test-results/layout";

/** The widths a nurse uses: two desktop windows and a phone. */
const viewports = [
  { width: 1280, height: 860 },
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

interface LayoutFault {
  page: string;
  fault: string;
}

/**
 * What a person sees break on a page: the page scrolling sideways into empty space, and two
 * visible buttons or links drawn over each other (one hides the other, or a click lands on the
 * wrong one). Boxes are clipped by every ancestor that clips its content (a scrolling table, a
 * visually hidden caption), so a control scrolled out of its box does not count.
 */
const layoutFaults = (page: Page, name: string): Promise<LayoutFault[]> =>
  page
    .evaluate(() => {
      const faults: string[] = [];
      const root = document.documentElement;
      // From the top: a fixed header over content scrolled beneath it is no fault.
      window.scrollTo(0, 0);
      if (root.scrollWidth > root.clientWidth) {
        // Name the widest things that stick out (the innermost ones), so that the fault says where.
        // Not those scrolled inside a box of their own (a wide table in its scroll container).
        const inScroller = (element: Element) => {
          for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
            if (getComputedStyle(node).overflowX !== "visible") return true;
          return false;
        };
        const outside = Array.from(document.body.querySelectorAll("*")).filter(
          (element) => element.getBoundingClientRect().right > root.clientWidth + 1 && !inScroller(element),
        );
        const innermost = outside
          .filter((element) => !outside.some((other) => other !== element && element.contains(other)))
          .slice(0, 3)
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}.${String(element.className).split(" ").slice(0, 2).join(".")}`,
          );
        faults.push(
          `scrolls sideways: ${root.scrollWidth} px of content in a ${root.clientWidth} px window (${innermost.join(", ")})`,
        );
      }

      const shown = (element: Element) => {
        let box = element.getBoundingClientRect();
        let rect = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
        for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0) return null;
          if (style.clip !== "auto" && style.clip !== "" && style.position === "absolute") return null;
          if (node !== element && style.overflowX !== "visible") {
            box = node.getBoundingClientRect();
            rect = {
              left: Math.max(rect.left, box.left),
              top: rect.top,
              right: Math.min(rect.right, box.right),
              bottom: rect.bottom,
            };
          }
          if (node !== element && style.overflowY !== "visible") {
            box = node.getBoundingClientRect();
            rect = { ...rect, top: Math.max(rect.top, box.top), bottom: Math.min(rect.bottom, box.bottom) };
          }
        }
        return rect.right - rect.left > 1 && rect.bottom - rect.top > 1 ? rect : null;
      };
      const label = (element: Element) =>
        `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;

      const controls = Array.from(
        document.querySelectorAll('a[href], button, [role="button"], [role="link"], [role="tab"]'),
      )
        .map((element) => ({ element, rect: shown(element) }))
        .filter((c): c is { element: Element; rect: NonNullable<ReturnType<typeof shown>> } => c.rect !== null);
      // A control inside another (an icon button in a chip, a link in a button) is one thing to the eye.
      for (let i = 0; i < controls.length; i++)
        for (let j = i + 1; j < controls.length; j++) {
          const a = controls[i]!;
          const b = controls[j]!;
          if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
          const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
          const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
          if (width > 2 && height > 2) faults.push(`${label(a.element)} and ${label(b.element)} overlap`);
        }
      return faults;
    })
    .then((faults) => faults.map((fault) => ({ page: name, fault })));

/** Pieces of text inside one participant row (name, date of birth, red labels) drawn over each other. */
const rowTextFaults = (page: Page, name: string): Promise<LayoutFault[]> =>
  page
    .evaluate(() => {
      const faults: string[] = [];
      for (const row of Array.from(document.querySelectorAll('[aria-label="Participants list"] a'))) {
        const texts = Array.from(row.querySelectorAll("span, p"))
          .filter((element) => element.children.length === 0 && element.textContent?.trim())
          .map((element) => ({ text: element.textContent!.trim(), rects: Array.from(element.getClientRects()) }));
        for (let i = 0; i < texts.length; i++)
          for (let j = i + 1; j < texts.length; j++)
            for (const a of texts[i]!.rects)
              for (const b of texts[j]!.rects) {
                const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (width > 1 && height > 1) faults.push(`"${texts[i]!.text}" and "${texts[j]!.text}" overlap`);
              }
      }
      return [...new Set(faults)];
    })
    .then((faults) => faults.map((fault) => ({ page: name, fault })));

/**
 * Keyboard focus that a person can see (WCAG 2.2 2.4.11/2.4.13): Tab through the page's first
 * controls; each focused one draws an outline of at least 2 px (a text field shows its focus by
 * MUI's 2 px border instead). A tint alone, as MUI's tabs and menu items had, fails.
 */
const focusFaults = async (page: Page, name: string, presses = 30): Promise<LayoutFault[]> => {
  const faults = new Set<string>();
  await page.locator("body").focus();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const fault = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
      const field = element.closest(".MuiInputBase-root.Mui-focused") !== null;
      if (ring || field) return null;
      return `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}" shows no focus outline`;
    });
    if (fault) faults.add(fault);
  }
  return [...faults].map((fault) => ({ page: name, fault }));
};

/** Opens a page and waits for it to settle (its heading or a dialog, and no request in flight). */
const open = async (page: Page, path: string) => {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("heading", { level: 1 })
    .or(page.getByRole("dialog"))
    .first()
    .waitFor({ state: "visible", timeout: 15_000 });
  await page.waitForLoadState("networkidle");
};

describe("every staff page fits the window it is read in", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;

  /** The demo program, one of its consented patients and one symptom that patient logged. */
  const demoWorld = async () => {
    const staff = await staffSignIn("nurse@openpro.demo", DEMO_PASSWORD);
    const programId = await demoProgramId(call, staff);
    const patient = (await patientsWithAccounts(call, staff, programId))[0]!;
    const report: ApiAnswer = await call(
      "GET",
      `/api/v1/pro-dashboard/projects/${programId}/users/${patient.id}/reports?startDate=2000-01-01&endDate=${new Date().toISOString().slice(0, 10)}`,
      { token: staff },
    );
    const symptomId: string | undefined = report.body?.mostLoggedSymptoms?.[0]?.logType?.logTypeId;
    const superadmin = await staffSignIn("superadmin@openpro.demo", DEMO_PASSWORD);
    const organisations = await call("GET", "/api/v1/admin/organisations?_perPage=10", { token: superadmin });
    const organisationId: string | undefined = organisations.body?.results?.[0]?.organisationId;
    return { programId, patientId: patient.id, symptomId, organisationId };
  };

  const pageAt = async (width: number, height: number) =>
    (
      await journey.browser.newContext({ baseURL: product.baseUrl, viewport: { width, height }, locale: "en-GB" })
    ).newPage();

  /** Every page of the list, opened in turn; the faults of all of them (one run shows them all). */
  const walk = async (page: Page, who: string, paths: readonly string[]) => {
    const faults: LayoutFault[] = [];
    for (const path of paths) {
      await open(page, path);
      faults.push(...(await layoutFaults(page, `${who} ${path}`)));
    }
    return faults;
  };

  for (const { width, height } of viewports) {
    it(`holds together at ${width} px for a nurse`, { timeout: 900_000 }, async () => {
      const world = await demoWorld();
      const program = `/programs/${world.programId}`;
      const patient = `${program}/participants/${world.patientId}`;
      const nurse = await pageAt(width, height);
      await signIn(nurse, mail, "nurse@openpro.demo");
      const faults = await walk(nurse, "nurse", [
        "/programs",
        program,
        patient,
        `${patient}/calendar`,
        `${patient}/weight`,
        `${patient}/temperature`,
        `${patient}/medications`,
        `${patient}/scheduled-nurse-appointment`,
        `${patient}/schedule-nurse-appointment/create`,
        ...(world.symptomId ? [`${patient}/symptoms/${world.symptomId}`] : []),
        `${patient}/delivered-questionnaires`,
        `${patient}/scheduled-questionnaires`,
        `${patient}/schedule/create`,
        `${program}/reports`,
        `${program}/reports/data-export`,
        `${program}/settings/patient-enrolment`,
        `${program}/settings/questionnaires`,
        `${program}/settings/general`,
        `${program}/settings/general/careTeamInformation`,
        `${program}/settings/general/symptomsAlerts`,
        `${program}/settings/team`,
        "/alerts",
        "/patients/search",
        "/settings",
      ]);

      // The patient dashboard with a calendar day chosen: the day's detail stays inside the calendar
      // card (drawn after it, it covered "Most logged symptoms" and the Acknowledge buttons).
      await open(nurse, patient);
      const calendar = nurse.getByRole("region", { name: "Calendar" });
      await calendar
        .getByRole("button", { name: /, logged|worst symptom day/ })
        .first()
        .click();
      await expectVisible(nurse.getByRole("heading", { name: "Logged symptoms" }));
      await nurse.waitForLoadState("networkidle");
      mkdirSync(shotsDir, { recursive: true });
      await nurse.screenshot({ path: `${shotsDir}/patient-dashboard-day-${width}.png`, fullPage: true });
      faults.push(...(await layoutFaults(nurse, `nurse ${patient} with a day chosen`)));
      if ((await calendar.getByRole("heading", { name: "Logged symptoms" }).count()) === 0)
        faults.push({
          page: `nurse ${patient} with a day chosen`,
          fault: "the day's detail is outside the calendar card",
        });
      await open(nurse, program);
      faults.push(...(await focusFaults(nurse, `nurse ${program} keyboard focus`)));
      await open(nurse, `${program}/settings/general`);
      faults.push(...(await focusFaults(nurse, `nurse ${program}/settings/general keyboard focus`)));
      await open(nurse, patient);
      // Each participant row: the red labels sit beside or under the name, never over it.
      faults.push(...(await rowTextFaults(nurse, `nurse ${program} participant rows`)));
      await nurse.context().close();

      expect(faults.map((f) => `${f.page}: ${f.fault}`)).toEqual([]);
    });

    it(`holds together at ${width} px for a super admin`, { timeout: 900_000 }, async () => {
      const world = await demoWorld();
      const program = `/programs/${world.programId}`;
      const admin = await pageAt(width, height);
      await signIn(admin, mail, "superadmin@openpro.demo");
      const faults = await walk(admin, "super admin", [
        "/programs",
        "/programs/create",
        "/users",
        "/admin",
        "/organisations",
        "/organisations/create",
        ...(world.organisationId ? [`/organisations/${world.organisationId}`] : []),
        "/outbox",
        "/audit",
        `${program}/settings/general`,
        `${program}/settings/team`,
        `${program}/settings/delete-program`,
      ]);
      await admin.context().close();

      expect(faults.map((f) => `${f.page}: ${f.fault}`)).toEqual([]);
    });
  }
});
