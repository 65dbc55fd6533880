import { limits, messages, patientIdTypes } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { addConsentedPatient, addPatient, newPatient } from "../../../test/patients.js";
import {
  addToProgram,
  changePermissions,
  insertOrganisation,
  insertProgram,
  organisationStaff,
  staffSession,
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

interface ProgramBody {
  projectId: string;
  name: string;
  organisationId: string;
  organisationName: string;
  closed: boolean;
  isProjectActive: boolean;
  endDate: string | null;
}

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("programs: list, create, change, delete and end", () => {
  let t: TestApp;
  let worlds = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world, at 09:00 on 2 March 2026: Ada, a superadmin; "Northbridge Health" with Callum,
   * its clinical program admin, and its program "Northbridge Heart", on whose team (not the
   * organisation's) sits nurse Nia; and "Lakeside Clinics" running "Lakeside Lung Study". In the file's
   * shared app the names carry the story's number ("Northbridge Health 3": program names are unique
   * across the platform); a story that lists the whole platform gets an app of its own (`app`).
   */
  const twoHospitals = async (app: TestApp = t) => {
    app.clock.set("2026-03-02T09:00:00Z");
    const suffix = app === t ? ` ${++worlds}` : "";
    const name = (base: string) => `${base}${suffix}`;
    const domain = uniqueMailDomain();
    const email = { admin: `ada@${domain}`, callum: `callum@${domain}`, nurse: `nia@${domain}` };
    const admin = (await staffSession(app, { email: email.admin, role: "superadmin" })).token;
    const northbridge = await insertOrganisation(app, name("Northbridge Health"));
    const lakeside = await insertOrganisation(app, name("Lakeside Clinics"));
    const lakesideProgram = await insertProgram(app, { organisationId: lakeside, name: name("Lakeside Lung Study") });
    const nurseProgram = await insertProgram(app, { organisationId: northbridge, name: name("Northbridge Heart") });
    const callum = await organisationStaff(app, northbridge, { email: email.callum, role: "clinical_project_admin" });
    const nurse = await staffSession(app, { email: email.nurse, role: "clinician_team_member" });
    await addToProgram(app, nurse.id, nurseProgram, "clinician_team_member");
    return {
      domain,
      email,
      name,
      admin,
      callum,
      nurse,
      northbridge,
      lakeside,
      lakesideProgram,
      nurseProgram,
      create: (token: string, payload: object) =>
        app.request({ method: "POST", url: "/api/v1/admin/projects", token, payload }),
      get: (token: string, id: string) => app.request({ method: "GET", url: `/api/v1/admin/projects/${id}`, token }),
      patch: (token: string, id: string, payload: object) =>
        app.request({ method: "PATCH", url: `/api/v1/admin/projects/${id}`, token, payload }),
      /** A complete new program ("Breast Cancer Follow-up 3" unless named otherwise). */
      valid: (extra: { name?: string; [field: string]: unknown } = {}) => ({
        description: "Weekly symptoms after surgery",
        territory: "UK_IRE",
        startDate: "2026-03-01",
        ...extra,
        name: extra.name ?? name("Breast Cancer Follow-up"),
      }),
    };
  };
  type World = Awaited<ReturnType<typeof twoHospitals>>;

  /** Ada created "Breast Cancer Follow-up" in Northbridge, and Callum "Northbridge Bowel"; their ids. */
  const withBreastAndBowel = async (w: World) => {
    const breast = await w.create(w.admin, w.valid({ organisationId: w.northbridge }));
    expect(breast.statusCode).toBe(201);
    const bowel = await w.create(w.callum.token, w.valid({ name: w.name("Northbridge Bowel") }));
    expect(bowel.statusCode).toBe(201);
    return { breast: breast.json().projectId as string, bowel: bowel.json().projectId as string };
  };

  const countPrograms = async (app: TestApp = t) =>
    Number(
      (
        await app.ctx.db
          .selectFrom("programs")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("lets an admin create a program in a chosen organisation", async () => {
    const w = await twoHospitals();
    const { admin, northbridge, create, get, valid } = w;
    const created = await create(
      admin,
      valid({
        organisationId: northbridge,
        name: `  ${w.name("Breast Cancer Follow-up")} `,
        patientProgramName: "My recovery",
        projectPeriod: 12,
        disabledNoteTypes: ["medications"],
        defaultPatientIdType: "other",
        customPatientIdName: "Trial number",
        inviteMode: "public",
        populateNvAppointments: true,
      }),
    );
    expect(created.statusCode).toBe(201);
    const { projectId } = created.json();
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);

    const fetched = await get(admin, projectId);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({
      projectId,
      name: w.name("Breast Cancer Follow-up"),
      patientProgramName: "My recovery",
      description: "Weekly symptoms after surgery",
      territory: "UK_IRE",
      organisationId: northbridge,
      organisationName: w.name("Northbridge Health"),
      startDate: "2026-03-01",
      endDate: null,
      inviteMode: "public",
      projectPeriod: 12,
      disabledNoteTypes: ["medications"],
      defaultPatientIdType: "other",
      customPatientIdName: "Trial number",
      populateNvAppointments: true,
      closed: false,
      isProjectActive: true,
      canView: true,
    });
  });

  it("puts the spec's messages on the program fields", async () => {
    const { admin, northbridge, create, valid } = await twoHospitals();
    const before = await countPrograms();
    const cases: [object, { field: string; message: string }[]][] = [
      [
        { organisationId: northbridge },
        [
          { field: "name", message: messages.programNameRequired },
          { field: "territory", message: messages.required },
          { field: "startDate", message: messages.required },
        ],
      ],
      [valid({ organisationId: northbridge, startDate: "" }), [{ field: "startDate", message: messages.required }]],
      [valid({ organisationId: northbridge, name: "   " }), [{ field: "name", message: messages.programNameRequired }]],
      [
        valid({ organisationId: northbridge, name: "n".repeat(101) }),
        [{ field: "name", message: messages.maxLength(limits.text.programName) }],
      ],
      [
        valid({ organisationId: northbridge, name: "Other", description: "d".repeat(301) }),
        [{ field: "description", message: messages.maxLength(limits.text.description) }],
      ],
      [
        valid({ organisationId: northbridge, name: "Other", patientProgramName: "p".repeat(101) }),
        [{ field: "patientProgramName", message: messages.maxLength(limits.text.patientProgramName) }],
      ],
      [
        valid({ organisationId: northbridge, name: "Other", defaultPatientIdType: "other" }),
        [{ field: "customPatientIdName", message: messages.patientIdentifierNameRequired }],
      ],
      [
        valid({ organisationId: northbridge, name: "Other", defaultPatientIdType: "other", customPatientIdName: " " }),
        [{ field: "customPatientIdName", message: messages.patientIdentifierNameRequired }],
      ],
      [
        valid({ organisationId: northbridge, name: "Other", endDate: "2026-02-28" }),
        [{ field: "endDate", message: expect.any(String) }],
      ],
      [valid({ name: "Other" }), [{ field: "organisationId", message: messages.organisationRequired }]],
      [
        valid({ name: "Other", organisationId: "northbridge" }),
        [{ field: "organisationId", message: messages.organisationRequired }],
      ],
      [
        valid({ name: "Other", organisationId: northbridge, territory: "FR" }),
        [{ field: "territory", message: messages.required }],
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await create(admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(fieldErrors(response)).toEqual(errors);
    }
    expect(await countPrograms()).toBe(before);
  });

  it("creates a private program, shown as such, where the care team adds no patient; the kind never changes", async () => {
    const w = await twoHospitals();
    const { admin, callum, create, get, patch, valid } = w;
    await changePermissions(t, callum.id, { revoke: ["edit_public_invite_codes"] });
    const refused = await create(callum.token, valid({ name: w.name("Northbridge Private Cohort"), kind: "private" }));
    expect(refused.statusCode).toBe(403);
    await changePermissions(t, callum.id, { grant: ["edit_public_invite_codes"] });
    const created = await create(callum.token, valid({ name: w.name("Northbridge Private Cohort"), kind: "private" }));
    expect(created.statusCode).toBe(201);
    const id = created.json().projectId as string;
    expect((await get(callum.token, id)).json()).toMatchObject({ kind: "private", isPrivate: true });
    const added = await addPatient(t, callum.token, newPatient(id, { email: `pat@${w.domain}` }));
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe(messages.addPatientNotAllowed);
    const change = await patch(callum.token, id, { kind: "individual" });
    expect(fieldErrors(change)).toEqual([{ field: "kind", message: messages.unknownField("kind") }]);
    const unknown = await create(callum.token, valid({ name: w.name("Northbridge Odd"), kind: "secret" }));
    expect(fieldErrors(unknown)).toEqual([{ field: "kind", message: messages.required }]);
    // Without a kind, a program is the standard one.
    const standard = await create(callum.token, valid({ name: w.name("Northbridge Standard") }));
    expect((await get(callum.token, standard.json().projectId)).json()).toMatchObject({
      kind: "individual",
      isPrivate: false,
    });
    // Neither has a team yet: an admin deletes them again.
    for (const programId of [id, standard.json().projectId]) {
      const gone = await t.request({ method: "DELETE", url: `/api/v1/admin/projects/${programId}`, token: admin });
      expect(gone.statusCode).toBe(204);
    }
  });

  it("answers a name already taken in any case with 409 on the name field", async () => {
    const w = await twoHospitals();
    const { admin, lakeside, create, valid } = w;
    await withBreastAndBowel(w);
    const response = await create(admin, valid({ organisationId: lakeside, name: w.name("BREAST cancer follow-UP") }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("name already exist");
    expect(fieldErrors(response)).toEqual([{ field: "name", message: messages.programNameTaken }]);
  });

  it("refuses an organisation that does not exist as unchosen, not as a server error", async () => {
    const { admin, create, valid } = await twoHospitals();
    const response = await create(admin, valid({ organisationId: MISSING_ID, name: "Ghost Program" }));
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual([{ field: "organisationId", message: messages.organisationRequired }]);
  });

  it("lets a clinical program admin create in their own organisation only", async () => {
    const w = await twoHospitals();
    const { callum, nurse, northbridge, lakeside, create, get, valid } = w;
    const own = await create(callum.token, valid({ name: w.name("Northbridge Bowel") }));
    expect(own.statusCode).toBe(201);
    expect((await get(callum.token, own.json().projectId)).json().organisationId).toBe(northbridge);

    const elsewhere = await create(callum.token, valid({ name: w.name("Lakeside Bowel"), organisationId: lakeside }));
    expect(elsewhere.statusCode).toBe(422);
    expect(fieldErrors(elsewhere)).toEqual([{ field: "organisationId", message: messages.organisationRequired }]);

    // A participation period needs its own edit permission.
    await changePermissions(t, callum.id, { revoke: ["edit_patient_participation_duration"] });
    const weeks = await create(callum.token, valid({ name: w.name("Northbridge Skin"), projectPeriod: 8 }));
    expect(weeks.statusCode).toBe(403);
    await changePermissions(t, callum.id, { grant: ["edit_patient_participation_duration"] });

    const byNurse = await create(nurse.token, valid({ name: w.name("Nurse Program") }));
    expect(byNurse.statusCode).toBe(403);
    const lsAdmin = await staffSession(t, { email: `lena@${w.domain}`, role: "life_sciences_project_admin" });
    // Belonging to no organisation, she has nowhere to create one.
    const nowhere = await create(lsAdmin.token, valid({ name: w.name("Lena's Program") }));
    expect(nowhere.statusCode).toBe(422);
    expect(fieldErrors(nowhere)).toEqual([{ field: "organisationId", message: messages.organisationRequired }]);

    const names = (await t.ctx.db.selectFrom("programs").select("name").execute()).map((p) => p.name);
    expect(names).toContain(w.name("Northbridge Bowel"));
    for (const refused of ["Lakeside Bowel", "Northbridge Skin", "Nurse Program", "Lena's Program"])
      expect(names).not.toContain(w.name(refused));
  });

  it("pages the list by 25 in organisation then name order, with X-Total-Count and a filter", async () => {
    // The whole platform's list: a platform of its own, holding only this story's programs.
    const own = await createTestApp();
    try {
      const w = await twoHospitals(own);
      const { admin, northbridge } = w;
      await withBreastAndBowel(w);
      const alpha = await insertOrganisation(own, "Alpha Trust");
      for (let i = 27; i >= 1; i--)
        await insertProgram(own, { organisationId: alpha, name: `Alpha Study ${String(i).padStart(2, "0")}` });
      const total = await countPrograms(own);

      const first = await own.request({ method: "GET", url: "/api/v1/admin/projects", token: admin });
      expect(first.statusCode).toBe(200);
      const page = first.json() as { results: ProgramBody[]; totalCount: number };
      expect(page.totalCount).toBe(total);
      expect(first.headers["x-total-count"]).toBe(String(total));
      expect(page.results).toHaveLength(limits.pageSize.projects);
      expect(page.results[0]!.name).toBe("Alpha Study 01");
      expect(page.results[24]!.name).toBe("Alpha Study 25");

      const second = (
        await own.request({ method: "GET", url: "/api/v1/admin/projects?_page=2", token: admin })
      ).json() as {
        results: ProgramBody[];
      };
      expect(second.results.map((p) => [p.organisationName, p.name])).toEqual([
        ["Alpha Trust", "Alpha Study 26"],
        ["Alpha Trust", "Alpha Study 27"],
        ["Lakeside Clinics", "Lakeside Lung Study"],
        ["Northbridge Health", "Breast Cancer Follow-up"],
        ["Northbridge Health", "Northbridge Bowel"],
        ["Northbridge Health", "Northbridge Heart"],
      ]);

      const filtered = await own.request({
        method: "GET",
        url: `/api/v1/admin/projects?organisationId=${northbridge}&_perPage=2`,
        token: admin,
      });
      expect(filtered.headers["x-total-count"]).toBe("3");
      expect((filtered.json().results as ProgramBody[]).map((p) => p.name)).toEqual([
        "Breast Cancer Follow-up",
        "Northbridge Bowel",
      ]);
      const badFilter = await own.request({
        method: "GET",
        url: "/api/v1/admin/projects?organisationId=x",
        token: admin,
      });
      expect(badFilter.statusCode).toBe(422);
      expect(fieldErrors(badFilter)[0]?.field).toBe("organisationId");
    } finally {
      await own.close();
    }
  });

  it("shows a non-admin only the programs of their organisations and program teams", async () => {
    const w = await twoHospitals();
    const { admin, callum, nurse, lakeside, lakesideProgram, nurseProgram, get } = w;
    await withBreastAndBowel(w);
    const byCallum = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: callum.token });
    expect((byCallum.json().results as ProgramBody[]).map((p) => p.name)).toEqual(
      ["Breast Cancer Follow-up", "Northbridge Bowel", "Northbridge Heart"].map(w.name),
    );
    expect(byCallum.headers["x-total-count"]).toBe("3");
    const lakesideOnly = await t.request({
      method: "GET",
      url: `/api/v1/admin/projects?organisationId=${lakeside}`,
      token: callum.token,
    });
    expect(lakesideOnly.json()).toEqual({ results: [], totalCount: 0 });

    const byNurse = await t.request({ method: "GET", url: "/api/v1/admin/projects", token: nurse.token });
    expect(byNurse.json()).toMatchObject({ totalCount: 1, results: [{ projectId: nurseProgram, canView: true }] });

    const reachable = await get(nurse.token, nurseProgram);
    expect(reachable.statusCode).toBe(200);
    for (const id of [lakesideProgram, MISSING_ID]) {
      const response = await get(nurse.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, message: messages.notFound });
    }
    expect((await get(callum.token, lakesideProgram)).statusCode).toBe(404);
    expect((await get(admin, "not-a-program")).statusCode).toBe(404);
    expect((await get(admin, MISSING_ID)).statusCode).toBe(404);

    const noViews = await staffSession(t, { email: `nobody@${w.domain}`, role: "clinician_team_member" });
    await changePermissions(t, noViews.id, { revoke: ["view_projects", "view_project"] });
    expect((await t.request({ method: "GET", url: "/api/v1/admin/projects", token: noViews.token })).statusCode).toBe(
      403,
    );
  });

  it("marks a program closed once its end date has passed or it was ended", async () => {
    const w = await twoHospitals();
    let { admin } = w;
    const { lakeside, get } = w;
    // The clock reads 2026-03-02 09:00 UTC; the end date is the program's last day.
    const yesterday = await insertProgram(t, {
      organisationId: lakeside,
      name: w.name("Ended Yesterday"),
      endDate: "2026-03-01",
    });
    const today = await insertProgram(t, {
      organisationId: lakeside,
      name: w.name("Ends Today"),
      endDate: "2026-03-02",
    });
    const future = await insertProgram(t, {
      organisationId: lakeside,
      name: w.name("Starts Later"),
      startDate: "2026-04-01",
    });
    const list = (
      await t.request({ method: "GET", url: `/api/v1/admin/projects?organisationId=${lakeside}`, token: admin })
    ).json().results as ProgramBody[];
    const byId = new Map(list.map((p) => [p.projectId, p]));
    expect(byId.get(yesterday)).toMatchObject({ closed: true, isProjectActive: false });
    expect(byId.get(today)).toMatchObject({ closed: false, isProjectActive: true });
    expect(byId.get(future)).toMatchObject({ closed: false, isProjectActive: false });

    // A day later: Ada signs in again, and the program whose last day it was is closed.
    t.clock.advanceSeconds(24 * 60 * 60);
    admin = (await signIn(t, w.email.admin)).accessToken;
    expect((await get(admin, today)).json().closed).toBe(true);
  });

  it("changes a program's settings for those who may edit it", async () => {
    const w = await twoHospitals();
    const { admin, callum, nurse, northbridge, lakeside, lakesideProgram, nurseProgram, get, patch } = w;
    await withBreastAndBowel(w);
    const program = (
      await t.request({ method: "GET", url: `/api/v1/admin/projects?organisationId=${northbridge}`, token: admin })
    ).json().results[1] as ProgramBody;
    expect(program.name).toBe(w.name("Northbridge Bowel"));

    // The end date (closing) is an admin's to set; the rest is edit_project's.
    expect((await patch(admin, program.projectId, { endDate: "2026-12-31" })).statusCode).toBe(200);
    const changed = await patch(callum.token, program.projectId, {
      name: ` ${w.name("Northbridge Colorectal")} `,
      description: "",
      adverseEventReportingMessage: "Call 111 for urgent help",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: w.name("Northbridge Colorectal"),
      description: null,
      endDate: "2026-12-31",
      adverseEventReportingMessage: "Call 111 for urgent help",
      organisationId: northbridge,
    });

    const clash = await patch(callum.token, program.projectId, { name: w.name("northbridge heart") });
    expect(clash.statusCode).toBe(409);
    expect(fieldErrors(clash)).toEqual([{ field: "name", message: messages.programNameTaken }]);
    const backwards = await patch(callum.token, program.projectId, { startDate: "2027-01-01" });
    expect(backwards.statusCode).toBe(422);
    expect(fieldErrors(backwards)[0]?.field).toBe("endDate");
    const blank = await patch(callum.token, program.projectId, { name: " " });
    expect(fieldErrors(blank)).toEqual([{ field: "name", message: messages.programNameRequired }]);
    const other = await patch(callum.token, program.projectId, { defaultPatientIdType: "other" });
    expect(fieldErrors(other)).toEqual([
      { field: "customPatientIdName", message: messages.patientIdentifierNameRequired },
    ]);
    const move = await patch(callum.token, program.projectId, { organisationId: lakeside });
    expect(move.statusCode).toBe(403);

    expect((await patch(callum.token, lakesideProgram, { name: "Mine now" })).statusCode).toBe(404);
    expect((await patch(nurse.token, nurseProgram, { name: "Nurse's" })).statusCode).toBe(403);
    expect((await patch(admin, lakesideProgram, { description: "Lungs" })).json().description).toBe("Lungs");

    const stored = await get(admin, program.projectId);
    expect(stored.json()).toMatchObject({ name: w.name("Northbridge Colorectal"), startDate: "2026-03-01" });
    expect((await get(admin, lakesideProgram)).json().name).toBe(w.name("Lakeside Lung Study"));
  });

  it("corrects the start date and the patient identifier type, audited with what they were", async () => {
    const w = await twoHospitals();
    const { callum, nurse, northbridge, nurseProgram, patch } = w;
    const program = await insertProgram(t, { organisationId: northbridge, name: w.name("Northbridge Skin") });
    const corrected = await patch(callum.token, program, {
      startDate: "2026-02-01",
      defaultPatientIdType: "hospital_id",
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ startDate: "2026-02-01", defaultPatientIdType: "hospital_id" });
    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select(["actorUserId", "details"])
      .where("action", "=", "program.update")
      .where("entityId", "=", program)
      .executeTakeFirstOrThrow();
    expect(audit.actorUserId).toBe(callum.id);
    expect((audit.details as { corrected: unknown }).corrected).toMatchObject({
      startDate: { to: "2026-02-01" },
      defaultPatientIdType: { to: "hospital_id" },
    });

    // Once a patient consented (5 March 2026), the program cannot have started after that day.
    const enrolment = await addConsentedPatient(
      t,
      callum.token,
      program,
      {
        firstName: "Ada",
        lastName: "Byron",
        email: `ada.byron@${w.domain}`,
        patientIdType: "hospital_id",
        patientId: "H123456",
      },
      { dob: "1961-04-12", sex: "female" },
    );
    await t.ctx.db
      .updateTable("programPatients")
      .set({ dateConsentGiven: new Date("2026-03-05T10:00:00Z") })
      .where("id", "=", enrolment.id)
      .execute();
    const late = await patch(callum.token, program, { startDate: "2026-03-06" });
    expect(late.statusCode).toBe(422);
    expect(fieldErrors(late)).toEqual([
      { field: "startDate", message: messages.programStartAfterConsent("2026-03-05") },
    ]);
    expect(messages.programStartAfterConsent("2026-03-05")).toContain("05 Mar 2026");
    expect((await patch(callum.token, program, { startDate: "2026-03-05" })).statusCode).toBe(200);
    // A nurse may not correct either.
    expect((await patch(nurse.token, nurseProgram, { startDate: "2026-01-01" })).statusCode).toBe(403);
  });

  it("deletes a program only once its team is empty", async () => {
    const { admin, callum, lakesideProgram, nurseProgram, get } = await twoHospitals();
    const remove = (token: string, id: string) =>
      t.request({ method: "DELETE", url: `/api/v1/admin/projects/${id}`, token });

    // Callum holds no delete_project by default.
    expect((await remove(callum.token, nurseProgram)).statusCode).toBe(403);
    await changePermissions(t, callum.id, { grant: ["delete_project"] });
    expect((await remove(callum.token, lakesideProgram)).statusCode).toBe(404);

    const blocked = await remove(admin, nurseProgram);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(messages.programHasMembers);
    expect((await get(admin, nurseProgram)).statusCode).toBe(200);

    await t.ctx.db.deleteFrom("programStaff").where("programId", "=", nurseProgram).execute();
    const deleted = await remove(callum.token, nurseProgram);
    expect(deleted.statusCode).toBe(204);
    expect((await get(admin, nurseProgram)).statusCode).toBe(404);
    expect((await remove(admin, nurseProgram)).statusCode).toBe(404);
    const audit = await t.ctx.db
      .selectFrom("auditLog")
      .select("actorUserId")
      .where("action", "=", "program.delete")
      .where("entityId", "=", nurseProgram)
      .execute();
    expect(audit).toEqual([{ actorUserId: callum.id }]);
  });

  it("lets only an admin end a program, once; it is closed from then on", async () => {
    const w = await twoHospitals();
    const { admin, callum, lakesideProgram, get } = w;
    const end = (token: string, id: string) =>
      t.request({ method: "POST", url: `/api/v1/admin/projects/${id}/end`, token });

    expect((await end(callum.token, lakesideProgram)).statusCode).toBe(403);
    const tester = await staffSession(t, { email: `theo@${w.domain}`, role: "internal_tester" });
    expect((await end(tester.token, lakesideProgram)).statusCode).toBe(403);
    expect((await get(admin, lakesideProgram)).json().closed).toBe(false);

    const ended = await end(admin, lakesideProgram);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: messages.projectEnded });
    const program = (await get(admin, lakesideProgram)).json();
    expect(program).toMatchObject({ closed: true, isProjectActive: false, endedAt: t.clock.now().toISOString() });

    const again = await end(admin, lakesideProgram);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.projectAlreadyEnded);
    expect((await end(admin, MISSING_ID)).statusCode).toBe(404);
    expect((await end(admin, "42")).statusCode).toBe(404);
  });

  it("lists the five patient identifier types", async () => {
    const { nurse } = await twoHospitals();
    const response = await t.request({
      method: "GET",
      url: "/api/v1/admin/projects/patient-id-types",
      token: nurse.token,
    });
    expect(response.statusCode).toBe(200);
    const names = (response.json().patientIdTypes as { id: string; name: string }[]).map((p) => p.name);
    expect(names).toEqual(["NHS Number", "Social Security Number", "Hospital ID", "Sciensus ID", "Other"]);
    expect(response.json().patientIdTypes).toEqual(patientIdTypes.map((p) => ({ id: p.id, name: p.name })));
    expect((await t.request({ method: "GET", url: "/api/v1/admin/projects/patient-id-types" })).statusCode).toBe(401);
  });
});
