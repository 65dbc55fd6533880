import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, enrolmentOf, giveConsent, newPatient } from "../../../test/patients.js";
import { addToProgram, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

/**
 * Issue 30 §3: the verifier compares what the patient entered (name, date of birth, sex) with what
 * the program entered. The program sees the patient's own entries only once the patient consented
 * to it: Ada signed up as "Ada King" and consented; Alan is only invited.
 */
describe("the care team sees what a consented patient entered, for verification", () => {
  let t: TestApp;
  let nurse: { id: string; token: string };
  let heart: string;

  beforeAll(async () => {
    t = await createTestApp();
    const organisation = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: organisation, name: "Northbridge Heart" });
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToProgram(t, nurse.id, heart, "clinician_team_member");
    for (const [firstName, lastName, email] of [
      ["Ada", "Lovelace", "ada@patients.test"],
      ["Alan", "Turing", "alan@patients.test"],
    ] as const) {
      expect((await addPatient(t, nurse.token, newPatient(heart, { firstName, lastName, email }))).statusCode).toBe(
        201,
      );
    }
    const ada = await acceptInvite(t, "ada@patients.test", { firstName: "Ada", lastName: "King" });
    expect((await giveConsent(t, ada, heart)).statusCode).toBe(200);
    const demographics = await t.request({
      method: "PATCH",
      url: "/api/v1/user/demographics",
      token: ada,
      payload: { gender: "female", dob: "1985-12-10" },
    });
    expect(demographics.statusCode, demographics.body).toBeLessThan(300);
  });
  afterAll(() => t.close());

  it("lists a consented patient's own name, date of birth and sex beside the program's entry", async () => {
    const ada = await enrolmentOf(t, nurse.token, heart, "ada@patients.test");
    expect(ada).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      verificationStatus: "AWAITING_VERIFICATION",
      patientEntered: { firstName: "Ada", lastName: "King", dob: "1985-12-10", sex: "female" },
    });
  });

  it("shows nothing the patient entered before they consent to the program", async () => {
    const alan = await enrolmentOf(t, nurse.token, heart, "alan@patients.test");
    expect((alan as { patientEntered?: unknown }).patientEntered).toBeNull();
  });
});
