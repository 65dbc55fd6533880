import { type CareTeamContact, messages } from "@openpro/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import {
  changePermissions,
  insertProgram,
  lakesideProgram,
  programWithStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";
import { seedDemoData } from "../../db/demo/seed.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

/**
 * Each story has a world of its own (beforeEach): Northbridge Health N runs Breast Care N, not yet
 * ready (no contact), with its program admin Callum and its nurse Nia; Lakeside N's program is out
 * of their reach.
 */
describe("care team contacts: kept by the program admin, seen by the team", () => {
  let t: TestApp;
  let n = 0;
  let domain: string;
  let manager: { id: string; token: string };
  let nurse: { id: string; token: string };
  let breast: string;
  let lakeside: string;

  const url = (programId: string, contactId?: string) =>
    `/api/v1/admin/projects/${programId}/care-team-contacts${contactId ? `/${contactId}` : ""}`;
  const list = (token: string, programId = breast) => t.request({ method: "GET", url: url(programId), token });
  const create = (token: string, payload: object, programId = breast) =>
    t.request({ method: "POST", url: url(programId), token, payload });
  const update = (token: string, contactId: string, payload: object, programId = breast) =>
    t.request({ method: "PATCH", url: url(programId, contactId), token, payload });
  const remove = (token: string, contactId: string, programId = breast) =>
    t.request({ method: "DELETE", url: url(programId, contactId), token });

  const dayUnit = {
    careTeamName: "  Chemotherapy Day Unit ",
    generalGuidance: "Call about new symptoms.",
    hoursOfOperation: "Mon-Fri 8am-6pm",
    contactPhones: ["+441132068000", ""],
    contactEmails: ["chemo@northbridge.test"],
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    n++;
    domain = uniqueMailDomain();
    // Each joins the organisation's team in the role of their account: in a program, the team's role decides (issue 29).
    const northbridge = await programWithStaff(t, {
      organisation: `Northbridge Health ${n}`,
      program: `Breast Care ${n}`,
      ready: false,
      staff: {
        manager: { email: `callum@${domain}`, role: "clinical_project_admin" },
        nurse: { email: `nia@${domain}`, role: "clinician_team_member" },
      },
    });
    breast = northbridge.programId;
    ({ manager, nurse } = northbridge.staff);
    lakeside = await lakesideProgram(t, n, { ready: false });
  });
  afterAll(() => t.close());

  /** The Day Unit, then the Helpline, added by the manager. */
  const dayUnitAndHelpline = async () => {
    expect((await create(manager.token, dayUnit)).statusCode).toBe(201);
    expect(
      (await create(manager.token, { careTeamName: "Helpline", contactEmails: ["help@northbridge.test"] })).statusCode,
    ).toBe(201);
  };

  it("adds a contact, trimmed and without blank rows, that the whole team can read", async () => {
    expect((await list(manager.token)).json()).toEqual([]);
    const created = await create(manager.token, dayUnit);
    expect(created.statusCode).toBe(201);
    const contact = created.json() as CareTeamContact;
    expect(contact).toEqual({
      id: expect.any(String),
      careTeamName: "Chemotherapy Day Unit",
      generalGuidance: "Call about new symptoms.",
      // None in other languages (issue 31 §3: the program's default language's only).
      generalGuidanceTranslations: {},
      hoursOfOperation: "Mon-Fri 8am-6pm",
      contactPhones: ["+441132068000"],
      contactEmails: ["chemo@northbridge.test"],
    });
    // Guidance and hours may be left out; one way to reach the team is enough.
    const minimal = await create(manager.token, { careTeamName: "Helpline", contactEmails: ["help@northbridge.test"] });
    expect(minimal.json()).toMatchObject({ generalGuidance: "", hoursOfOperation: "", contactPhones: [] });

    const read = await list(nurse.token);
    expect(read.statusCode).toBe(200);
    expect((read.json() as CareTeamContact[]).map((c) => c.careTeamName)).toEqual([
      "Chemotherapy Day Unit",
      "Helpline",
    ]);

    const audited = await t.ctx.db
      .selectFrom("auditLog")
      .select(["action", "programId", "entityId", "actorUserId"])
      .where("action", "like", "care-team.%")
      .execute();
    expect(audited).toContainEqual({
      action: "care-team.create",
      programId: breast,
      entityId: contact.id,
      actorUserId: manager.id,
    });
  });

  it("puts every validation message on its field", async () => {
    const expectErrors = async (payload: object, errors: { field: string; message: string }[]) => {
      const response = await create(manager.token, payload);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response)).toEqual(errors);
    };
    await expectErrors({ careTeamName: "   ", contactPhones: [], contactEmails: [] }, [
      { field: "careTeamName", message: messages.careTeamNameRequired },
      { field: "contactPhones", message: messages.careTeamContactMethodRequired },
    ]);
    await expectErrors({ careTeamName: "Ward", contactPhones: ["", ""], contactEmails: [""] }, [
      { field: "contactPhones", message: messages.careTeamContactMethodRequired },
    ]);
    // Without the name at all, the name is what is missing.
    await expectErrors({ contactPhones: ["+441132068000"] }, [
      { field: "careTeamName", message: messages.careTeamNameRequired },
    ]);
    await expectErrors({ ...dayUnit, careTeamName: "n".repeat(51) }, [
      { field: "careTeamName", message: messages.maxLength(50) },
    ]);
    await expectErrors({ ...dayUnit, generalGuidance: "g".repeat(3000), hoursOfOperation: "h".repeat(3000) }, [
      { field: "generalGuidance", message: messages.maxLength(2999) },
      { field: "hoursOfOperation", message: messages.maxLength(2999) },
    ]);
    // A phone number: 7 to 15 digits, with spaces, brackets, dashes, dots and a leading + as typed.
    await expectErrors({ ...dayUnit, contactPhones: ["+441132068000", "0113 206 800x"] }, [
      { field: "contactPhones.1", message: messages.careTeamPhoneInvalid },
    ]);
    await expectErrors({ ...dayUnit, contactPhones: ["123456"] }, [
      { field: "contactPhones.0", message: messages.careTeamPhoneInvalid },
    ]);
    // Shaped like one, but no number of the program's territory (UK/Ireland) nor an international one.
    await expectErrors({ ...dayUnit, contactPhones: ["", "0999 999 9999"] }, [
      { field: "contactPhones.1", message: messages.careTeamPhoneInvalid },
    ]);
    await expectErrors({ ...dayUnit, contactEmails: ["", "chemo@northbridge"] }, [
      { field: "contactEmails.1", message: messages.invalidEmail },
    ]);
    await expectErrors({ ...dayUnit, contactPhones: ["+441132068000", "+441132068001", "+441132068002"] }, [
      { field: "contactPhones", message: messages.careTeamMaxPhones(2) },
    ]);
    await expectErrors({ ...dayUnit, contactEmails: ["a@b.test", "c@d.test", "e@f.test"] }, [
      { field: "contactEmails", message: messages.careTeamMaxEmails(2) },
    ]);
    await expectErrors({ ...dayUnit, programId: lakeside }, [
      { field: "programId", message: messages.unknownField("programId") },
    ]);
    // The longest values allowed are accepted.
    const longest = await create(manager.token, {
      careTeamName: "n".repeat(50),
      generalGuidance: "g".repeat(2999),
      hoursOfOperation: "h".repeat(2999),
      contactPhones: ["+441132068000", "+41446681800"],
    });
    expect(longest.statusCode).toBe(201);
    expect((await remove(manager.token, longest.json().id)).statusCode).toBe(204);
  });

  it("takes a number as dialled in the program's country, or an international one, and keeps it in E.164", async () => {
    const northbridge = (
      await t.ctx.db.selectFrom("programs").select("organisationId").where("id", "=", breast).executeTakeFirstOrThrow()
    ).organisationId;
    const leeds = await insertProgram(t, {
      organisationId: northbridge,
      name: "Leeds",
      territory: "UK_IRE",
      ready: false,
    });
    const boston = await insertProgram(t, {
      organisationId: northbridge,
      name: "Boston",
      territory: "US",
      ready: false,
    });
    // A nurse in Leeds types the ward's number as she dials it; an Irish and a Swiss number go too.
    const ward = await create(
      manager.token,
      { careTeamName: "Ward 7", contactPhones: ["0113 206 8000", "01 234 5678"] },
      leeds,
    );
    expect(ward.statusCode).toBe(201);
    expect(ward.json().contactPhones).toEqual(["+441132068000", "+35312345678"]);
    const swiss = await create(manager.token, { careTeamName: "Zurich", contactPhones: ["+41 44 668 18 00"] }, leeds);
    expect(swiss.json().contactPhones).toEqual(["+41446681800"]);
    // The same national number means nothing in a US program: refused on its row, as typed (blank rows counted).
    const refused = await create(
      manager.token,
      { careTeamName: "Ward 7", contactPhones: ["", "0113 206 8000"] },
      boston,
    );
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused)).toEqual([{ field: "contactPhones.1", message: messages.careTeamPhoneInvalid }]);
    const local = await create(manager.token, { careTeamName: "Oncology", contactPhones: ["(617) 555-0123"] }, boston);
    expect(local.json().contactPhones).toEqual(["+16175550123"]);
    // Replacing a contact follows the same rule.
    const changed = await update(
      manager.token,
      ward.json().id,
      { careTeamName: "Ward 7", contactPhones: ["0113 206 8001"] },
      leeds,
    );
    expect(changed.json().contactPhones).toEqual(["+441132068001"]);
  });

  it("keeps at most five contacts, in the order they were added", async () => {
    await dayUnitAndHelpline();
    for (const name of ["Ward 5", "Pharmacy", "Dietitian"]) {
      expect((await create(manager.token, { ...dayUnit, careTeamName: name })).statusCode).toBe(201);
    }
    const sixth = await create(manager.token, { ...dayUnit, careTeamName: "Physio" });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(messages.careTeamContactLimit(5));
    const names = ((await list(manager.token)).json() as CareTeamContact[]).map((c) => c.careTeamName);
    expect(names).toEqual(["Chemotherapy Day Unit", "Helpline", "Ward 5", "Pharmacy", "Dietitian"]);

    // Deleting one makes room again; the new one goes last.
    const helpline = ((await list(manager.token)).json() as CareTeamContact[])[1]!;
    expect((await remove(manager.token, helpline.id)).statusCode).toBe(204);
    expect((await create(manager.token, { ...dayUnit, careTeamName: "Physio" })).statusCode).toBe(201);
    expect(((await list(manager.token)).json() as CareTeamContact[]).map((c) => c.careTeamName)).toEqual([
      "Chemotherapy Day Unit",
      "Ward 5",
      "Pharmacy",
      "Dietitian",
      "Physio",
    ]);
  });

  it("replaces a contact with the same rules, and refuses a contact that does not exist", async () => {
    await dayUnitAndHelpline();
    const [first] = (await list(manager.token)).json() as CareTeamContact[];
    const changed = await update(manager.token, first!.id, {
      careTeamName: "Day Unit",
      generalGuidance: "",
      hoursOfOperation: "Weekdays",
      contactPhones: [],
      contactEmails: ["day.unit@northbridge.test", "  "],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      id: first!.id,
      careTeamName: "Day Unit",
      generalGuidance: "",
      generalGuidanceTranslations: {},
      hoursOfOperation: "Weekdays",
      contactPhones: [],
      contactEmails: ["day.unit@northbridge.test"],
    });
    expect(((await list(nurse.token)).json() as CareTeamContact[])[0]).toEqual(changed.json());

    const invalid = await update(manager.token, first!.id, { careTeamName: "Day Unit", contactPhones: ["+0"] });
    expect(invalid.statusCode).toBe(422);
    expect(fieldErrors(invalid)).toEqual([{ field: "contactPhones.0", message: messages.careTeamPhoneInvalid }]);

    const unknown = await update(manager.token, MISSING, dayUnit);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.careTeamContactMissing);
    const gone = await remove(manager.token, MISSING);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.careTeamContactMissing);
    expect((await remove(manager.token, "not-a-uuid")).statusCode).toBe(404);
  });

  it("refuses team members without edit_project, and readers without view_project", async () => {
    await dayUnitAndHelpline();
    const [first] = (await list(manager.token)).json() as CareTeamContact[];
    expect((await create(nurse.token, dayUnit)).statusCode).toBe(403);
    expect((await update(nurse.token, first!.id, dayUnit)).statusCode).toBe(403);
    expect((await remove(nurse.token, first!.id)).statusCode).toBe(403);
    // Nothing the nurse tried changed the two contacts.
    expect((await list(nurse.token)).json()).toEqual((await list(manager.token)).json());
    expect((await list(nurse.token)).json()).toHaveLength(2);

    await changePermissions(t, nurse.id, { revoke: ["view_project"] });
    nurse.token = (await signIn(t, `nia@${domain}`)).accessToken;
    expect((await list(nurse.token)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: url(breast) })).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's program, and never touches its contacts through this one", async () => {
    const admin = await staffSession(t, { email: `ada@${domain}`, role: "superadmin" });
    const theirs = (await create(admin.token, { ...dayUnit, careTeamName: "Lakeside nurses" }, lakeside)).json();
    expect(theirs.careTeamName).toBe("Lakeside nurses");

    expect((await list(manager.token, lakeside)).statusCode).toBe(404);
    expect((await create(manager.token, dayUnit, lakeside)).statusCode).toBe(404);
    expect((await update(manager.token, theirs.id, dayUnit, lakeside)).statusCode).toBe(404);
    expect((await remove(manager.token, theirs.id, lakeside)).statusCode).toBe(404);
    // Lakeside's contact id under Breast's path names nothing in Breast.
    expect((await update(manager.token, theirs.id, dayUnit)).json().message).toBe(messages.careTeamContactMissing);
    expect((await remove(manager.token, theirs.id)).statusCode).toBe(404);
    expect((await list(admin.token, lakeside)).json()).toEqual([theirs]);
    expect((await list(manager.token, MISSING)).statusCode).toBe(404);
  });
});

describe("care team contacts in the demo data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives the Breast program two contacts", async () => {
    const { programs } = await seedDemoData(t.ctx.db, t.clock, "not-a-real-hash");
    const admin = await staffSession(t, { email: "ada@openpro.test", role: "superadmin" });
    const contacts = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects/${programs.breast}/care-team-contacts`,
      token: admin.token,
    });
    expect((contacts.json() as CareTeamContact[]).map((c) => c.careTeamName)).toEqual([
      "Chemotherapy Day Unit",
      "24-hour Acute Oncology Line",
    ]);
  });
});
