import { messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConsentedEnrolment } from "../../../test/enrolment-rows.js";
import { fieldErrors } from "../../../test/factories.js";
import { insertLog, setValidation } from "../../../test/patient-data.js";
import { consentedPatient, listPatients } from "../../../test/patients.js";
import { changePermissions, heartWithNurse, lakesideProgram, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

interface Row {
  id: string;
  firstName: string;
  lastName: string;
  dob: string | null;
  severeSymptomsCount: number | null;
  isProjectActive: boolean;
}

const NAUSEA = "10028813";

describe("the participant list sorts by open severe symptoms, and the details drawer shows clinical facts", () => {
  let t: TestApp;
  let n = 0;

  /**
   * Northbridge Heart (and Lakeside, out of the nurse's reach) with its nurse Nia, and four
   * consented patients: Grace (who gave Heart her birth date and sex) with two open danger logs and
   * a mild one, Alan with one, Barbara with one acknowledged and one invalidated, Ada with none.
   * Each story builds its own.
   */
  const heartWithFourPatients = async () => {
    n++;
    const domain = uniqueMailDomain();
    const { heart, nurse } = await heartWithNurse(t, n);
    const lakeside = await lakesideProgram(t, n);
    const id: Record<string, string> = {};
    const emails: Record<string, string> = {};
    for (const [firstName, lastName] of [
      ["Grace", "Hopper"],
      ["Alan", "Turing"],
      ["Ada", "Lovelace"],
      ["Barbara", "Liskov"],
    ] as const) {
      emails[lastName] = `${firstName.toLowerCase()}@${domain}`;
      id[lastName] = (
        await consentedPatient(t, nurse.token, heart, { firstName, lastName, email: emails[lastName] })
      ).userId;
    }
    // What Grace gave Heart at consent (the enrolment's demographics, migration 0019).
    await t.ctx.db
      .updateTable("programPatients")
      .set({ dob: "1906-12-09", sex: "female" })
      .where("userId", "=", id.Hopper!)
      .where("programId", "=", heart)
      .execute();

    const log = (patient: string, at: string, grade: number, programId = heart) =>
      insertLog(t, { programId, patientId: id[patient]! }, { logClass: "SYMPTOMS", at, logTypeId: NAUSEA, grade });
    // Grace: two open danger logs and a mild one. Alan: one. Barbara: one acknowledged, one invalidated.
    await log("Hopper", "2026-02-20T08:00:00Z", 3);
    await log("Hopper", "2026-02-24T08:00:00+01:00", 4);
    await log("Hopper", "2026-02-25T08:00:00Z", 1);
    await log("Turing", "2026-02-21T08:00:00Z", 3);
    await setValidation(t, await log("Liskov", "2026-02-22T08:00:00Z", 4), "Acknowledged");
    await setValidation(t, await log("Liskov", "2026-02-23T08:00:00Z", 3), "Removed", "Accidental log");

    const list = async (query: Record<string, string> = {}, token = nurse.token) => {
      const response = await listPatients(t, token, heart, query);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { results: Row[] }).results;
    };
    const details = (userId: string, token = nurse.token, programId = heart) =>
      t.request({ method: "GET", url: `/api/v1/users/${userId}?projectId=${programId}`, token });
    const edit = (userId: string, payload: Record<string, unknown>, token = nurse.token) =>
      t.request({ method: "PATCH", url: `/api/v1/users/${userId}?projectId=${heart}`, token, payload });
    return { heart, lakeside, nurse, id, emails, list, details, edit };
  };
  const names = (rows: Row[]) => rows.map((r) => r.lastName);
  const counts = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.lastName, r.severeSymptomsCount]));
  const withCounts = { showSevereSymptomsCount: "true" };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("counts open danger logs per patient, from the counter the trigger keeps", async () => {
    const { list } = await heartWithFourPatients();
    const rows = await list(withCounts);
    expect(counts(rows)).toEqual({ Hopper: 2, Liskov: 0, Lovelace: 0, Turing: 1 });
    expect(rows.find((r) => r.lastName === "Hopper")).toMatchObject({ dob: "1906-12-09", isProjectActive: true });
    expect(rows.find((r) => r.lastName === "Turing")!.dob).toBeNull();
    // Without asking, no counts.
    expect(Object.values(counts(await list()))).toEqual([null, null, null, null]);
  });

  it("sorts by severe symptoms either way, ties by name, and by name either way", async () => {
    const { list } = await heartWithFourPatients();
    expect(names(await list({ ...withCounts, orderBy: "severeSymptoms", orderDir: "desc" }))).toEqual([
      "Hopper",
      "Turing",
      "Liskov",
      "Lovelace",
    ]);
    expect(names(await list({ ...withCounts, orderBy: "severeSymptoms", orderDir: "asc" }))).toEqual([
      "Liskov",
      "Lovelace",
      "Turing",
      "Hopper",
    ]);
    expect(names(await list({ orderBy: "name", orderDir: "desc" }))).toEqual([
      "Turing",
      "Lovelace",
      "Liskov",
      "Hopper",
    ]);
    expect(names(await list({ orderBy: "name" }))).toEqual(["Hopper", "Liskov", "Lovelace", "Turing"]);
    // Pages follow the same order.
    expect(
      names(await list({ ...withCounts, orderBy: "severeSymptoms", orderDir: "desc", _page: "2", _perPage: "2" })),
    ).toEqual(["Liskov", "Lovelace"]);
  });

  it("moves the count when a danger log arrives and when it is acknowledged", async () => {
    const { heart, lakeside, id, emails, list } = await heartWithFourPatients();
    const logId = await insertLog(
      t,
      { programId: heart, patientId: id.Lovelace! },
      { logClass: "SYMPTOMS", at: "2026-03-01T08:00:00Z", logTypeId: NAUSEA, grade: 4 },
    );
    // A danger log sent to another program counts there, not here.
    await insertConsentedEnrolment(t, {
      programId: lakeside,
      userId: id.Lovelace!,
      firstName: "Ada",
      lastName: "Lovelace",
      inviteEmail: emails.Lovelace!,
      consentedEmail: null,
      patientIdType: null,
      patientId: null,
    });
    await insertLog(
      t,
      { programId: lakeside, patientId: id.Lovelace! },
      { logClass: "SYMPTOMS", at: "2026-03-01T09:00:00Z", logTypeId: NAUSEA, grade: 4 },
    );
    expect(counts(await list(withCounts)).Lovelace).toBe(1);
    expect(names(await list({ ...withCounts, orderBy: "severeSymptoms", orderDir: "desc" }))).toEqual([
      "Hopper",
      "Lovelace",
      "Turing",
      "Liskov",
    ]);
    await setValidation(t, logId, "Acknowledged");
    expect(counts(await list(withCounts)).Lovelace).toBe(0);
    // Acknowledged, then invalidated after all: still not open.
    await setValidation(t, logId, "Removed", "Other");
    expect(counts(await list(withCounts)).Lovelace).toBe(0);
  });

  it("shows counts only to staff allowed to see them; the sort then falls back to names", async () => {
    const { nurse, id, list, details } = await heartWithFourPatients();
    await changePermissions(t, nurse.id, { revoke: ["view_project_users_symptom_counts"] });
    const rows = await list({ ...withCounts, orderBy: "severeSymptoms", orderDir: "desc" });
    expect(Object.values(counts(rows))).toEqual([null, null, null, null]);
    // The direction asked for still applies, to the names.
    expect(names(rows)).toEqual(["Turing", "Lovelace", "Liskov", "Hopper"]);
    const detail = (await details(id.Hopper!)).json();
    expect(detail.severeSymptomsCount).toBeNull();
  });

  it("refuses an unknown sort or flag", async () => {
    const { heart, nurse } = await heartWithFourPatients();
    const queries: Record<string, string>[] = [
      { orderBy: "age" },
      { orderDir: "up" },
      { showSevereSymptomsCount: "yes" },
    ];
    for (const query of queries) {
      const response = await listPatients(t, nurse.token, heart, query);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response).map((e) => e.field)).toEqual(Object.keys(query));
    }
  });

  it("shows the patient details with demographics, clinical facts and the days with data", async () => {
    const { lakeside, nurse, id, emails, details } = await heartWithFourPatients();
    const response = await details(id.Hopper!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: id.Hopper,
      firstName: "Grace",
      lastName: "Hopper",
      dob: "1906-12-09",
      gender: "female",
      postcode: null,
      cancerTypes: [],
      consentedEmail: emails.Hopper,
      severeSymptomsCount: 2,
      reportsEarliestDate: "2026-02-20",
      reportsLatestDate: "2026-02-25",
      status: "CONSENTED",
      isProjectActive: true,
    });
    const turing = (await details(id.Turing!)).json();
    expect(turing).toMatchObject({ gender: null, reportsEarliestDate: "2026-02-21", reportsLatestDate: "2026-02-21" });
    expect((await details(id.Hopper!, nurse.token, lakeside)).statusCode).toBe(404);
  });

  it("records a postcode and cancer types, and refuses bad ones with the field named", async () => {
    const { id, details, edit } = await heartWithFourPatients();
    const saved = await edit(id.Hopper!, {
      postcode: "  sw1a   1aa ",
      cancerTypes: [
        { cancerType: "Breast cancer", cancerStage: "Stage II", diagnosisDate: "2025-11-02" },
        { cancerType: "Lymphoma" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      postcode: "SW1A 1AA",
      cancerTypes: [
        { cancerType: "Breast cancer", cancerStage: "Stage II", diagnosisDate: "2025-11-02" },
        { cancerType: "Lymphoma", cancerStage: null, diagnosisDate: null },
      ],
      firstName: "Grace",
    });
    expect((await details(id.Hopper!)).json().postcode).toBe("SW1A 1AA");

    const bad = async (payload: Record<string, unknown>) => {
      const response = await edit(id.Hopper!, payload);
      expect(response.statusCode).toBe(422);
      return fieldErrors(response);
    };
    expect(await bad({ postcode: "SW1A <1AA>" })).toEqual([
      { field: "postcode", message: messages.unsupportedCharacters },
    ]);
    expect(await bad({ postcode: "X".repeat(11) })).toEqual([{ field: "postcode", message: messages.maxLength(10) }]);
    expect(await bad({ cancerTypes: [{ cancerType: " " }] })).toEqual([
      { field: "cancerTypes.0.cancerType", message: messages.required },
    ]);
    expect(await bad({ cancerTypes: [{ cancerType: "Lung cancer", diagnosisDate: "2026-02-30" }] })).toEqual([
      { field: "cancerTypes.0.diagnosisDate", message: messages.dateInvalid },
    ]);
    // The test clock stands on 2 March 2026.
    expect(await bad({ cancerTypes: [{ cancerType: "Lung cancer", diagnosisDate: "2026-03-03" }] })).toEqual([
      { field: "cancerTypes.0.diagnosisDate", message: messages.logDateInFuture },
    ]);
    expect((await bad({ cancerTypes: [{ cancerType: "Lung cancer", stage: "IV" }] }))[0]!.field).toBe(
      "cancerTypes.0.stage",
    );

    const cleared = await edit(id.Hopper!, { postcode: "", cancerTypes: [] });
    expect(cleared.json()).toMatchObject({ postcode: null, cancerTypes: [] });
  });
});
