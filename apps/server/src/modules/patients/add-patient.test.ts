import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPatient, fieldErrors } from "../../../test/factories.js";
import {
  addPatient,
  auditRows,
  enrolmentOf,
  inviteLinks,
  listPatients,
  newPatient,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import {
  addToProgram,
  insertOrganisation,
  insertProgram,
  lakesideProgram,
  organisationStaff,
  programStaff,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("a nurse adds a patient to a program and the patient is e-mailed an invitation", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let analyst: { id: string; token: string };
  let northbridge: string;
  let heart: string;
  let lakesideLung: string;

  const countEnrolments = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom("programPatients")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    lakesideLung = await lakesideProgram(t);
    // Nia is on Heart's team only; Lena, a life-sciences analyst, is of the organisation.
    nurse = await programStaff(t, heart, { email: "nia@clinic.test", role: "clinician_team_member" });
    analyst = await organisationStaff(t, northbridge, {
      email: "lena@pharma.test",
      role: "life_sciences_team_member",
    });
  });
  afterAll(() => t.close());

  it("adds Grace, e-mails her a personal link and lists her as invited", async () => {
    const added = await addPatient(t, nurse.token, newPatient(heart, { email: "Grace@Patients.test" }));
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ userId: expect.any(String), message: messages.patientAdded });

    const [link, ...more] = await inviteLinks(t, "grace@patients.test");
    expect(more).toEqual([]);
    expect(link!.subject).toBe("You are invited to Northbridge Heart");
    expect(link!.url.origin).toBe("http://openpro.test");
    expect(link!.url.pathname).toMatch(/^\/invite\/\S{20,}$/);
    expect(link!.textBody).toContain("Hello Grace,");

    const row = await enrolmentOf(t, nurse.token, heart, "grace@patients.test");
    expect(row).toMatchObject({
      id: added.json().userId,
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@patients.test",
      status: "INVITE_SENT",
      verificationStatus: "N_A",
      consentGiven: false,
      inviteAccepted: false,
      enrolledWith: "individual",
      patientIdType: "nhs_number",
      // Typed 3-3-4 with spaces, stored as digits.
      patientId: "9434765919",
    });
    expect(row.statusHistory).toEqual([{ status: "INVITE_SENT", date: "2026-03-02T09:00:00.000Z" }]);
    expect(row.verificationStatusHistory).toEqual([]);

    const [audit] = await auditRows(t, "patient.create");
    expect(audit).toMatchObject({ programId: heart, patientId: row.id, actorUserId: nurse.id, outcome: "success" });
  });

  it("puts the new-patient form's messages on its fields and adds nobody", async () => {
    const before = await countEnrolments();
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ firstName: undefined }, [{ field: "firstName", message: messages.patientFirstNameRequired }]],
      [{ firstName: "   " }, [{ field: "firstName", message: messages.patientFirstNameRequired }]],
      [{ lastName: "" }, [{ field: "lastName", message: messages.patientLastNameRequired }]],
      [{ firstName: "f".repeat(101) }, [{ field: "firstName", message: messages.maxLength(100) }]],
      [{ lastName: "l".repeat(101) }, [{ field: "lastName", message: messages.maxLength(100) }]],
      [{ email: undefined }, [{ field: "email", message: messages.patientEmailRequired }]],
      [{ email: "grace.patients.test" }, [{ field: "email", message: messages.invalidEmail }]],
      [
        { email: `${"g".repeat(limits.text.email - 13)}@patients.test` },
        [{ field: "email", message: messages.maxLength(limits.text.email) }],
      ],
      [{ patientIdType: undefined }, [{ field: "patientIdType", message: messages.patientIdTypeRequired }]],
      [{ patientIdType: "passport" }, [{ field: "patientIdType", message: messages.patientIdTypeRequired }]],
      [{ patientId: "943-476-5919" }, [{ field: "patientId", message: "An NHS number has digits only" }]],
      [{ patientId: "943 476 5919 9" }, [{ field: "patientId", message: messages.nhsNumberLength }]],
      [{ patientId: "12345" }, [{ field: "patientId", message: messages.nhsNumberLength }]],
      // Issue 30 §3: a mistyped digit is caught by the NHS number's modulus-11 check digit.
      [{ patientId: "123 456 7890" }, [{ field: "patientId", message: messages.nhsNumberCheckDigit }]],
      [{ patientId: "943 476 5918" }, [{ field: "patientId", message: messages.nhsNumberCheckDigit }]],
      [
        { patientIdType: "social_security_number", patientId: "666-12-3456" },
        [{ field: "patientId", message: messages.usSsnInvalid }],
      ],
      [{ patientId: "   " }, [{ field: "patientId", message: messages.patientIdRequired }]],
      [
        { patientIdType: "sciensus_id", patientId: "REF-1234567890" },
        [{ field: "patientId", message: messages.sciensusIdInvalid }],
      ],
      [
        { patientIdType: "sciensus_id", patientId: "ABC" },
        [{ field: "patientId", message: messages.sciensusIdInvalid }],
      ],
    ];
    for (const [change, errors] of cases) {
      const response = await addPatient(t, nurse.token, newPatient(heart, { email: "bad@patients.test", ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(fieldErrors(response), JSON.stringify(change)).toEqual(errors);
    }
    expect(await countEnrolments()).toBe(before);
    expect(await t.mailsTo("bad@patients.test")).toEqual([]);
  });

  it("accepts a valid NHS number and both forms of Sciensus id", async () => {
    const accepted: [string, string, string][] = [
      ["nhs_number", "401 023 2137", "4010232137"],
      ["sciensus_id", "REF-123456789", "REF-123456789"],
      ["sciensus_id", "0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e"],
    ];
    for (const [i, [type, typed, stored]] of accepted.entries()) {
      const email = `ok${i}@patients.test`;
      const response = await addPatient(
        t,
        nurse.token,
        newPatient(heart, { email, firstName: `Ok${i}`, patientIdType: type, patientId: typed }),
      );
      expect(response.statusCode, typed).toBe(201);
      expect(await enrolmentOf(t, nurse.token, heart, email)).toMatchObject({ patientIdType: type, patientId: stored });
    }
  });

  it("checks a social security number by the program's country: an SSN in the US, an AHV number in Switzerland", async () => {
    const us = await insertProgram(t, { organisationId: northbridge, name: "Boston Lung", territory: "US" });
    const ch = await insertProgram(t, { organisationId: northbridge, name: "Zürich Lung", territory: "CH" });
    await addToProgram(t, nurse.id, us, "clinician_team_member");
    await addToProgram(t, nurse.id, ch, "clinician_team_member");
    const before = await countEnrolments();
    const refused: [string, string, string][] = [
      [us, "000-12-3456", messages.usSsnInvalid],
      [us, "900-12-3456", messages.usSsnInvalid],
      [us, "123-00-4567", messages.usSsnInvalid],
      [us, "123-45-0000", messages.usSsnInvalid],
      // A valid Swiss number is no US SSN, and the reverse.
      [us, "756.1234.5678.97", messages.usSsnInvalid],
      [ch, "123-45-6789", messages.ahvNumberInvalid],
      [ch, "756.1234.5678.98", messages.ahvNumberInvalid],
    ];
    for (const [programId, patientId, message] of refused) {
      const response = await addPatient(
        t,
        nurse.token,
        newPatient(programId, { email: "ssn@patients.test", patientIdType: "social_security_number", patientId }),
      );
      expect(response.statusCode, patientId).toBe(422);
      expect(fieldErrors(response), patientId).toEqual([{ field: "patientId", message }]);
    }
    expect(await countEnrolments()).toBe(before);
    expect(await t.mailsTo("ssn@patients.test")).toEqual([]);

    const accepted: [string, string, string][] = [
      [us, "123-45-6789", "123456789"],
      [ch, "756.1234.5678.97", "7561234567897"],
    ];
    for (const [i, [programId, typed, stored]] of accepted.entries()) {
      const email = `ssn${i}@patients.test`;
      const response = await addPatient(
        t,
        nurse.token,
        newPatient(programId, { email, patientIdType: "social_security_number", patientId: typed }),
      );
      expect(response.statusCode, typed).toBe(201);
      expect(await enrolmentOf(t, nurse.token, programId, email)).toMatchObject({ patientId: stored });
    }
  });

  it("refuses an edit that leaves a bad identifier, on the field, and changes nothing", async () => {
    const email = "edit-id@patients.test";
    const { userId } = (await addPatient(t, nurse.token, newPatient(heart, { email }))).json();
    const edit = (payload: Record<string, unknown>) =>
      t.request({ method: "PATCH", url: `/api/v1/users/${userId}?projectId=${heart}`, token: nurse.token, payload });
    const typo = await edit({ patientId: "943 476 5918" });
    expect(typo.statusCode).toBe(422);
    expect(fieldErrors(typo)).toEqual([{ field: "patientId", message: messages.nhsNumberCheckDigit }]);
    // A Sciensus id type over the stored NHS number: the number kept is no Sciensus id.
    const retyped = await edit({ patientIdType: "sciensus_id" });
    expect(retyped.statusCode).toBe(422);
    expect(fieldErrors(retyped)).toEqual([{ field: "patientId", message: messages.sciensusIdInvalid }]);
    expect(await enrolmentOf(t, nurse.token, heart, email)).toMatchObject({
      patientIdType: "nhs_number",
      patientId: "9434765919",
    });
  });

  it("refuses a second invitation for the same person and a staff member's address", async () => {
    const twice = await addPatient(t, nurse.token, newPatient(heart, { firstName: "Gracie" }));
    expect(twice.statusCode).toBe(409);
    expect(fieldErrors(twice)).toEqual([{ field: "email", message: messages.patientAlreadyEnrolled }]);

    const staff = await addPatient(t, nurse.token, newPatient(heart, { email: "Lena@Pharma.test" }));
    expect(staff.statusCode).toBe(409);
    expect(fieldErrors(staff)).toEqual([{ field: "email", message: messages.patientIsStaff }]);
    // Neither of them was e-mailed an invitation.
    expect(await inviteLinks(t, "grace@patients.test")).toHaveLength(1);
    expect(await inviteLinks(t, "lena@pharma.test")).toEqual([]);
  });

  it("refuses a patient of another country with the territory message on the e-mail", async () => {
    const id = await createPatient(t, { email: "sam@patients.test", password: "Harbour-Lights-2026!" });
    await t.ctx.db.updateTable("users").set({ territory: "US" }).where("id", "=", id).execute();
    const before = await countEnrolments();
    const response = await addPatient(t, nurse.token, newPatient(heart, { email: "sam@patients.test" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(messages.territoryMismatch);
    expect(fieldErrors(response)).toEqual([{ field: "email", message: "User territory doesnt match" }]);
    expect(await countEnrolments()).toBe(before);
  });

  it("adds nobody to a closed, public-invite or private program", async () => {
    const programs = {
      closed: await insertProgram(t, { organisationId: northbridge, name: "Closed", endDate: "2026-02-28" }),
      public: await insertProgram(t, { organisationId: northbridge, name: "Public" }),
      private: await insertProgram(t, { organisationId: northbridge, name: "Private" }),
    };
    await setProgram(t, programs.public, { inviteMode: "public" });
    await setProgram(t, programs.private, { isPrivate: true });
    for (const [kind, programId] of Object.entries(programs)) {
      await addToProgram(t, nurse.id, programId, "clinician_team_member");
      const response = await addPatient(t, nurse.token, newPatient(programId, { email: `${kind}@patients.test` }));
      expect(response.statusCode, kind).toBe(409);
      expect(response.json().message, kind).toBe(messages.addPatientNotAllowed);
      expect(await t.mailsTo(`${kind}@patients.test`)).toEqual([]);
    }
    // The same nurse can still add to an open individual program (the refusals were about the programs).
    const open = await addPatient(t, nurse.token, newPatient(heart, { email: "open@patients.test" }));
    expect(open.statusCode).toBe(201);
  });

  it("refuses a user without the invite permission (403) and a program out of reach (404)", async () => {
    const forbidden = await addPatient(t, analyst.token, newPatient(heart, { email: "x1@patients.test" }));
    expect(forbidden.statusCode).toBe(403);
    const elsewhere = await addPatient(t, nurse.token, newPatient(lakesideLung, { email: "x2@patients.test" }));
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await addPatient(
      t,
      nurse.token,
      newPatient("00000000-0000-4000-8000-000000000000", { email: "x3@patients.test" }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await t.mailsTo("x1@patients.test")).toEqual([]);
    expect(await t.mailsTo("x2@patients.test")).toEqual([]);
    // Nor can the nurse read that program's list.
    expect((await listPatients(t, nurse.token, lakesideLung)).statusCode).toBe(404);
    expect((await listPatients(t, analyst.token, heart)).statusCode).toBe(403);
  });

  it("deletes a patient's profile: gone from the list, and an invitee without an account leaves no user", async () => {
    const admin = await organisationStaff(t, northbridge, {
      email: "callum@clinic.test",
      role: "clinical_project_admin",
    });
    const graceId = await userIdOf(t, "grace@patients.test");

    const nurseTry = await t.request({
      method: "DELETE",
      url: `/api/v1/users/${graceId}?projectId=${heart}`,
      token: nurse.token,
    });
    expect(nurseTry.statusCode).toBe(403);

    const deleted = await t.request({
      method: "DELETE",
      url: `/api/v1/users/${graceId}?projectId=${heart}`,
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(204);
    const list = await listPatients(t, admin.token, heart, { term: "grace@patients" });
    expect(list.json()).toEqual({ results: [], totalCount: 0 });
    expect(
      await t.ctx.db.selectFrom("users").select("id").where("email", "=", "grace@patients.test").execute(),
    ).toEqual([]);
    const again = await t.request({
      method: "DELETE",
      url: `/api/v1/users/${graceId}?projectId=${heart}`,
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
    // She can be added again afresh.
    expect((await addPatient(t, nurse.token, newPatient(heart))).statusCode).toBe(201);
  });
});
