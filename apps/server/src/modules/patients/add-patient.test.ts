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
  uniqueMailDomain,
} from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("a nurse adds a patient to a program and the patient is e-mailed an invitation", () => {
  let t: TestApp;
  let n = 0;

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
  });
  afterAll(() => t.close());

  /**
   * Each story's world: Northbridge Health (numbered `n`) running Northbridge Heart, with Nia on
   * Heart's team only and Lena, a life-sciences analyst, of the organisation; Lakeside's Lung out
   * of their reach. Patients are e-mailed at a domain of the story's own (`mail("grace")`). With
   * `graceAdded`, Nia has added Grace Hopper (newPatient's NHS number) to Heart.
   */
  const northbridgeWithNiaAndLena = async ({ graceAdded = false } = {}) => {
    n++;
    const domain = uniqueMailDomain("patients");
    const mail = (local: string) => `${local}@${domain}`;
    const northbridge = await insertOrganisation(t, `Northbridge Health ${n}`);
    const heart = await insertProgram(t, { organisationId: northbridge, name: `Northbridge Heart ${n}` });
    const lakesideLung = await lakesideProgram(t, n);
    const nurse = await programStaff(t, heart, {
      email: `nia@${uniqueMailDomain("clinic")}`,
      role: "clinician_team_member",
    });
    const analystEmail = `lena@${uniqueMailDomain("pharma")}`;
    const analyst = await organisationStaff(t, northbridge, { email: analystEmail, role: "life_sciences_team_member" });
    if (graceAdded) {
      const added = await addPatient(t, nurse.token, newPatient(heart, { email: mail("grace") }));
      expect(added.statusCode).toBe(201);
    }
    return { n, domain, mail, northbridge, heart, lakesideLung, nurse, analyst, analystEmail };
  };

  it("adds Grace, e-mails her a personal link and lists her as invited", async () => {
    const { n, domain, mail, heart, nurse } = await northbridgeWithNiaAndLena();
    const typed = `Grace@${domain.charAt(0).toUpperCase()}${domain.slice(1)}`;
    expect(typed).not.toBe(mail("grace"));
    const added = await addPatient(t, nurse.token, newPatient(heart, { email: typed }));
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ userId: expect.any(String), message: messages.patientAdded });

    const [link, ...more] = await inviteLinks(t, mail("grace"));
    expect(more).toEqual([]);
    expect(link!.subject).toBe(`You are invited to Northbridge Heart ${n}`);
    expect(link!.url.origin).toBe("http://openpro.test");
    expect(link!.url.pathname).toMatch(/^\/invite\/\S{20,}$/);
    expect(link!.textBody).toContain("Hello Grace,");

    const row = await enrolmentOf(t, nurse.token, heart, mail("grace"));
    expect(row).toMatchObject({
      id: added.json().userId,
      firstName: "Grace",
      lastName: "Hopper",
      email: mail("grace"),
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

    const [audit] = (await auditRows(t, "patient.create")).filter((a) => a.programId === heart);
    expect(audit).toMatchObject({ programId: heart, patientId: row.id, actorUserId: nurse.id, outcome: "success" });
  });

  it("puts the new-patient form's messages on its fields and adds nobody", async () => {
    const { mail, heart, nurse } = await northbridgeWithNiaAndLena();
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
      const response = await addPatient(t, nurse.token, newPatient(heart, { email: mail("bad"), ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(fieldErrors(response), JSON.stringify(change)).toEqual(errors);
    }
    expect(await countEnrolments()).toBe(before);
    expect(await t.mailsTo(mail("bad"))).toEqual([]);
  });

  it("accepts a valid NHS number and both forms of Sciensus id", async () => {
    const { mail, heart, nurse } = await northbridgeWithNiaAndLena();
    const accepted: [string, string, string][] = [
      ["nhs_number", "401 023 2137", "4010232137"],
      ["sciensus_id", "REF-123456789", "REF-123456789"],
      ["sciensus_id", "0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e"],
    ];
    for (const [i, [type, typed, stored]] of accepted.entries()) {
      const email = mail(`ok${i}`);
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
    const { n, mail, northbridge, nurse } = await northbridgeWithNiaAndLena();
    const us = await insertProgram(t, { organisationId: northbridge, name: `Boston Lung ${n}`, territory: "US" });
    const ch = await insertProgram(t, { organisationId: northbridge, name: `Zürich Lung ${n}`, territory: "CH" });
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
        newPatient(programId, { email: mail("ssn"), patientIdType: "social_security_number", patientId }),
      );
      expect(response.statusCode, patientId).toBe(422);
      expect(fieldErrors(response), patientId).toEqual([{ field: "patientId", message }]);
    }
    expect(await countEnrolments()).toBe(before);
    expect(await t.mailsTo(mail("ssn"))).toEqual([]);

    const accepted: [string, string, string][] = [
      [us, "123-45-6789", "123456789"],
      [ch, "756.1234.5678.97", "7561234567897"],
    ];
    for (const [i, [programId, typed, stored]] of accepted.entries()) {
      const email = mail(`ssn${i}`);
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
    const { mail, heart, nurse } = await northbridgeWithNiaAndLena();
    const email = mail("edit-id");
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
    const { mail, heart, nurse, analystEmail } = await northbridgeWithNiaAndLena({ graceAdded: true });
    const twice = await addPatient(t, nurse.token, newPatient(heart, { firstName: "Gracie", email: mail("grace") }));
    expect(twice.statusCode).toBe(409);
    expect(fieldErrors(twice)).toEqual([{ field: "email", message: messages.patientAlreadyEnrolled }]);

    const staff = await addPatient(t, nurse.token, newPatient(heart, { email: `L${analystEmail.slice(1)}` }));
    expect(staff.statusCode).toBe(409);
    expect(fieldErrors(staff)).toEqual([{ field: "email", message: messages.patientIsStaff }]);
    // Neither of them was e-mailed an invitation.
    expect(await inviteLinks(t, mail("grace"))).toHaveLength(1);
    expect(await inviteLinks(t, analystEmail)).toEqual([]);
  });

  it("refuses a patient of another country with the territory message on the e-mail", async () => {
    const { mail, heart, nurse } = await northbridgeWithNiaAndLena();
    const id = await createPatient(t, { email: mail("sam"), password: "Harbour-Lights-2026!" });
    await t.ctx.db.updateTable("users").set({ territory: "US" }).where("id", "=", id).execute();
    const before = await countEnrolments();
    const response = await addPatient(t, nurse.token, newPatient(heart, { email: mail("sam") }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(messages.territoryMismatch);
    expect(fieldErrors(response)).toEqual([{ field: "email", message: "User territory doesnt match" }]);
    expect(await countEnrolments()).toBe(before);
  });

  it("adds nobody to a closed, public-invite or private program", async () => {
    const { n, mail, northbridge, heart, nurse } = await northbridgeWithNiaAndLena();
    const programs = {
      closed: await insertProgram(t, { organisationId: northbridge, name: `Closed ${n}`, endDate: "2026-02-28" }),
      public: await insertProgram(t, { organisationId: northbridge, name: `Public ${n}` }),
      private: await insertProgram(t, { organisationId: northbridge, name: `Private ${n}` }),
    };
    await setProgram(t, programs.public, { inviteMode: "public" });
    await setProgram(t, programs.private, { isPrivate: true });
    for (const [kind, programId] of Object.entries(programs)) {
      await addToProgram(t, nurse.id, programId, "clinician_team_member");
      const response = await addPatient(t, nurse.token, newPatient(programId, { email: mail(kind) }));
      expect(response.statusCode, kind).toBe(409);
      expect(response.json().message, kind).toBe(messages.addPatientNotAllowed);
      expect(await t.mailsTo(mail(kind))).toEqual([]);
    }
    // The same nurse can still add to an open individual program (the refusals were about the programs).
    const open = await addPatient(t, nurse.token, newPatient(heart, { email: mail("open") }));
    expect(open.statusCode).toBe(201);
  });

  it("refuses a user without the invite permission (403) and a program out of reach (404)", async () => {
    const { mail, heart, lakesideLung, nurse, analyst } = await northbridgeWithNiaAndLena();
    const forbidden = await addPatient(t, analyst.token, newPatient(heart, { email: mail("x1") }));
    expect(forbidden.statusCode).toBe(403);
    const elsewhere = await addPatient(t, nurse.token, newPatient(lakesideLung, { email: mail("x2") }));
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await addPatient(
      t,
      nurse.token,
      newPatient("00000000-0000-4000-8000-000000000000", { email: mail("x3") }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await t.mailsTo(mail("x1"))).toEqual([]);
    expect(await t.mailsTo(mail("x2"))).toEqual([]);
    // Nor can the nurse read that program's list.
    expect((await listPatients(t, nurse.token, lakesideLung)).statusCode).toBe(404);
    expect((await listPatients(t, analyst.token, heart)).statusCode).toBe(403);
  });

  it("deletes a patient's profile: gone from the list, and an invitee without an account leaves no user", async () => {
    const { mail, northbridge, heart, nurse } = await northbridgeWithNiaAndLena({ graceAdded: true });
    const admin = await organisationStaff(t, northbridge, {
      email: `callum@${uniqueMailDomain("clinic")}`,
      role: "clinical_project_admin",
    });
    const graceId = await userIdOf(t, mail("grace"));

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
    const list = await listPatients(t, admin.token, heart, { term: mail("grace").split(".")[0]! });
    expect(list.json()).toEqual({ results: [], totalCount: 0 });
    expect(await t.ctx.db.selectFrom("users").select("id").where("email", "=", mail("grace")).execute()).toEqual([]);
    const again = await t.request({
      method: "DELETE",
      url: `/api/v1/users/${graceId}?projectId=${heart}`,
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
    // She can be added again afresh.
    expect((await addPatient(t, nurse.token, newPatient(heart, { email: mail("grace") }))).statusCode).toBe(201);
  });
});
