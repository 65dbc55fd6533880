import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "./support/browser.js";
import { useProduct } from "./support/journey.js";
import { enterCode, expectAccessible, expectHeading, expectVisible, signIn } from "./support/journeys.js";

/** Picks an option of an MUI select by the select's label and the option's text. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  // Let the menu finish closing: a half-faded menu is not what a person reads.
  await page.waitForFunction(() => !document.querySelector('[role="option"]'));
};

describe("an admin opens an organisation and a clinician joins it", () => {
  const journey = useProduct();
  const { mail, product } = journey;
  let admin: Page;
  let clinician: Page;

  beforeAll(async () => {
    admin = await (await newContext(journey.browser, product.baseUrl)).newPage();
    clinician = await (await newContext(journey.browser, product.baseUrl)).newPage();
  });

  let organisationUrl = "";

  it("creates the organisation and invites a clinician to its team", async () => {
    await signIn(admin, mail, "superadmin@openpro.demo");
    await admin.goto("/organisations");
    await expectHeading(admin, "Organisations");
    await expectVisible(admin.getByText("Northbridge Cancer Centre"));
    await expectAccessible(admin, "organisations-list");

    await admin.getByRole("link", { name: "Create new organisation" }).click();
    await admin.waitForURL(/\/organisations\/create/);
    await expectAccessible(admin, "organisation-create");
    await admin.locator('input[name="name"]').fill("Riverside Hospital");
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.waitForURL(/\/organisations\/[0-9a-f-]{36}$/);
    organisationUrl = admin.url();
    await expectAccessible(admin, "organisation-details");

    await admin.getByRole("tab", { name: "ORGANISATION TEAM" }).click();
    await admin.getByRole("button", { name: "Add team member" }).click();
    const drawer = admin.getByRole("dialog");
    await drawer.locator('input[name="firstName"]').fill("Rosa");
    await drawer.locator('input[name="lastName"]').fill("Lind");
    await drawer.locator('input[name="email"]').fill("rosa.lind@riverside.test");
    await choose(admin, "Role", "Clinical Admin");
    await expectAccessible(admin, "team-member-drawer");
    await drawer.getByRole("button", { name: "Invite" }).click();
    await expectVisible(admin.getByText("Team member has been successfully invited"));
    const row = admin.getByRole("row", { name: /Rosa/ });
    await expectVisible(row.getByText("rosa.lind@riverside.test"));
    await expectAccessible(admin, "organisation-team");
  });

  it("takes the clinician from the e-mailed link to the program list", async () => {
    const invitation = await mail.waitFor("rosa.lind@riverside.test", /invited to join Riverside Hospital/);
    const link = invitation.text.match(/Accept the invitation: (\S+)/)?.[1];
    expect(link).toContain("/join/");
    const before = mail.mails.length;
    await clinician.goto(link!);
    await expectVisible(clinician.getByRole("button", { name: "Create account" }));
    await expectAccessible(clinician, "join-new-user");

    await clinician.locator('input[name="password"]').fill("Riverside-Wards-2027!");
    await clinician.locator('input[name="confirmPassword"]').fill("Riverside-Wards-2027!");
    // Read the privacy policy and accept it from its dialog; tick the licence agreement and the data-sharing box.
    await clinician.getByRole("button", { name: "privacy policy" }).click();
    const policy = clinician.getByRole("dialog");
    await expectVisible(policy.getByRole("button", { name: "Accept" }));
    await expectAccessible(clinician, "join-privacy-policy-dialog");
    await policy.getByRole("button", { name: "Accept" }).click();
    await clinician.getByRole("checkbox", { name: /I accept the licence agreement/ }).check();
    await clinician.getByRole("checkbox", { name: /I acknowledge/ }).check();
    await clinician.getByRole("button", { name: "Create account" }).click();

    await clinician.waitForURL(/\/2FA\/signup/);
    const code = mail.codeIn(await mail.waitFor("rosa.lind@riverside.test", /code/, before));
    await enterCode(clinician, code);
    await clinician.getByRole("button", { name: "Confirm code" }).click();

    await clinician.waitForURL(/\/instructions-for-use\?required=true/);
    await expectHeading(clinician, "Instructions for Use");
    await expectAccessible(clinician, "instructions-required");
    const understand = clinician.getByRole("button", { name: "I understand" });
    for (let i = 0; i < 20 && (await understand.isDisabled()); i++) {
      await clinician.mouse.wheel(0, 2000);
      await clinician.waitForTimeout(300);
    }
    await understand.click();
    await clinician.waitForURL(/\/programs/);
    await expectHeading(clinician, "Programs");
    await expectAccessible(clinician, "programs-new-clinician");
  });

  it("shows the clinician the program the admin creates for their organisation", async () => {
    const organisationId = organisationUrl.split("/").pop()!;
    await admin.goto(`/programs?organisationId=${organisationId}`);
    await admin.getByRole("link", { name: "Create new program" }).click();
    await admin.waitForURL(/\/programs\/create/);
    await expectAccessible(admin, "program-create");
    await admin.locator('input[name="name"]').fill("Riverside Lymphoma PRO");
    await admin
      .locator('textarea[name="description"], input[name="description"]')
      .first()
      .fill("Symptom reporting during R-CHOP.");
    await choose(admin, "Country", "UK/Ireland");
    await admin.locator('input[name="startDate"]').fill("2026-12-01");
    await admin.getByRole("button", { name: "Save" }).click();
    await expectVisible(admin.getByText('You have successfully created "Riverside Lymphoma PRO"'));
    await admin.waitForURL(/\/programs\/[0-9a-f-]{36}$/);
    await expectHeading(admin, "Riverside Lymphoma PRO");
    await expectAccessible(admin, "program-page");

    await clinician.goto("/programs");
    await expectVisible(clinician.getByText("Riverside Lymphoma PRO"));
    // Programs of other organisations stay out of sight.
    expect(await clinician.getByText("Breast Cancer Symptom Monitoring").count()).toBe(0);
    await expectAccessible(clinician, "programs-clinician-with-program");
  });

  it("puts a nurse on the new program's team, invites them, and takes them off again", async () => {
    const programUrl = admin.url().match(/^.*\/programs\/[0-9a-f-]{36}/)![0];
    await admin.goto(`${programUrl}/settings/team`);
    await expectVisible(admin.getByRole("heading", { name: "Team" }));
    await admin.getByRole("button", { name: "Add team member" }).click();
    const drawer = admin.getByRole("dialog");
    await drawer.locator('input[name="firstName"]').fill("Priya");
    await drawer.locator('input[name="lastName"]').fill("Shah");
    await drawer.locator('input[name="email"]').fill("priya.shah@riverside.test");
    await choose(admin, "Role", "Clinical team member");
    await drawer.getByRole("button", { name: "Invite" }).click();
    await expectVisible(admin.getByText("Team member has been successfully invited"));
    const invitation = await mail.waitFor("priya.shah@riverside.test", /invited to join Riverside Lymphoma PRO/);
    expect(invitation.text).toMatch(/\/join\/\S+projectName=Riverside\+Lymphoma\+PRO&projectId=/);
    await expectAccessible(admin, "program-team");

    await admin.getByRole("button", { name: "Actions for Priya Shah" }).click();
    await admin.getByRole("menuitem", { name: "Remove from program" }).click();
    const confirm = admin.getByRole("dialog");
    await expectVisible(confirm.getByText("The admin profile cannot be deleted."));
    await confirm.getByRole("button", { name: "Keep profile" }).click();
    await admin.getByText("priya.shah@riverside.test").waitFor({ state: "detached" });
  });

  it("adds a care team contact that patients will see", async () => {
    const programUrl = admin.url().replace(/\/settings\/team$/, "");
    await admin.goto(`${programUrl}/settings/general/careTeamInformation`);
    await admin.getByRole("button", { name: "Add contact" }).click();
    await admin.locator('input[name="careTeamName"]').fill("Lymphoma nurse specialists");
    await admin.getByRole("textbox", { name: "Phone number 1", exact: true }).fill("12345");
    await admin.getByRole("button", { name: "Save" }).click();
    await expectVisible(
      admin.getByText(
        "Please enter a phone number as dialled in the program's country, or with + and the country code",
      ),
    );
    // As a nurse in a UK program dials it; stored in E.164 and read back the same way.
    await admin.getByRole("textbox", { name: "Phone number 1", exact: true }).fill("0113 206 8000");
    await admin.getByRole("button", { name: "Save" }).click();
    await expectVisible(admin.getByText("Your changes have been saved."));
    await expectAccessible(admin, "care-team-contacts");
    await admin.reload();
    await expectVisible(admin.locator('input[name="careTeamName"][value="Lymphoma nurse specialists"]'));
    await expectVisible(admin.locator('input[name="contactPhones.0"][value="0113 206 8000"]'));
  });

  it("edits the program's general settings with the sticky save bar", async () => {
    const programUrl = admin.url().replace(/\/settings\/general\/careTeamInformation$/, "");
    await admin.goto(`${programUrl}/settings/general`);
    const description = admin.locator('textarea[name="description"]').first();
    await description.fill("Symptom reporting during R-CHOP, weekly.");
    const bar = admin.getByRole("region", { name: "Unsaved changes" });
    await expectVisible(bar);
    await expectAccessible(admin, "program-general-settings");
    await bar.getByRole("button", { name: "Save changes" }).click();
    await expectVisible(admin.getByText("Program saved"));
    await admin.reload();
    await expectVisible(description);
    expect(await description.inputValue()).toBe("Symptom reporting during R-CHOP, weekly.");
  });

  it("passes an accessibility scan on the admin page and the user admin", async () => {
    for (const [name, path] of [
      ["admin-page", "/admin"],
      ["users-admin", "/users"],
    ] as const) {
      await admin.goto(path);
      await expectVisible(admin.getByRole("heading", { level: 1 }));
      await expectAccessible(admin, name);
    }
  });
});
