import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvite, addPatient, auditRows, giveConsent, newPatient, setProgram } from "../../../test/patients.js";
import { addToOrganisation, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("a patient's app asks which programs they take part in", () => {
  let t: TestApp;
  let heart: string;
  let lung: string;
  let ended: string;
  let nurse: { id: string; token: string };
  const token: Record<string, string> = {};

  const myPrograms = (who?: string) => t.request({ method: "GET", url: "/api/v1/user/projects", token: who });

  beforeAll(async () => {
    t = await createTestApp();
    const org = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: org, name: "Northbridge Heart" });
    lung = await insertProgram(t, { organisationId: org, name: "Northbridge Lung" });
    ended = await insertProgram(t, { organisationId: org, name: "Northbridge Trial 2025" });
    await t.ctx.db
      .updateTable("programs")
      .set({
        patientProgramName: "Heart care at home",
        disclaimer: "Call 999 in an emergency.",
        disabledNoteTypes: ["temperature"],
        articles: JSON.stringify([
          { articleId: "a1", header: "Living with heart failure", url: "https://example.org/hf" },
        ]),
      })
      .where("id", "=", heart)
      .execute();
    // Heart's own care team instead of the one a ready test program starts with.
    await t.ctx.db.deleteFrom("careTeamContacts").where("programId", "=", heart).execute();
    await t.ctx.db
      .insertInto("careTeamContacts")
      .values({
        programId: heart,
        careTeamName: "Heart nurses",
        generalGuidance: "",
        hoursOfOperation: "Mon–Fri 9–5",
        contactPhones: ["+44 20 7946 0000"],
        contactEmails: [],
        position: 0,
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .execute();
    nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToOrganisation(t, nurse.id, org, "clinician_team_member");
    // Grace consented to Heart and to a program an admin has since ended; Clara to Lung; Alan never consented.
    for (const [name, programs] of [
      ["grace", [heart, ended]],
      ["clara", [lung]],
      ["alan", [heart]],
    ] as const) {
      const email = `${name}@patients.test`;
      for (const programId of programs) {
        const added = await addPatient(t, nurse.token, newPatient(programId, { firstName: name, email }));
        expect(added.statusCode).toBe(201);
      }
      token[name] = await acceptInvite(t, email);
      // The invite link of a second program is accepted the same way; set directly here.
      await t.ctx.db
        .updateTable("programPatients")
        .set({ inviteAcceptedAt: t.clock.now() })
        .where("inviteEmail", "=", email)
        .where("inviteAcceptedAt", "is", null)
        .execute();
      if (name !== "alan") {
        for (const programId of programs) expect((await giveConsent(t, token[name]!, programId)).statusCode).toBe(200);
      }
    }
    await setProgram(t, ended, { endedAt: t.clock.now() });
  });
  afterAll(() => t.close());

  it("lists the open programs Grace consented to, with the disclaimer, care team and articles", async () => {
    const response = await myPrograms(token.grace);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          programId: heart,
          name: "Heart care at home",
          disclaimer: "Call 999 in an emergency.",
          disabledNoteTypes: ["temperature"],
          careTeam: [
            {
              id: expect.any(String),
              careTeamName: "Heart nurses",
              generalGuidance: "",
              hoursOfOperation: "Mon–Fri 9–5",
              contactPhones: ["+44 20 7946 0000"],
              contactEmails: [],
            },
          ],
          articles: [{ articleId: "a1", header: "Living with heart failure", url: "https://example.org/hf" }],
          prioritisedSymptoms: [],
          // The program's territory: the languages its pages are offered in.
          territory: "UK_IRE",
        },
      ],
    });
    expect((await auditRows(t, "patient.programs.view")).length).toBeGreaterThanOrEqual(1);
  });

  it("never lists another patient's program, nor one the patient has not consented to", async () => {
    const clara = (await myPrograms(token.clara)).json().results as { programId: string; name: string }[];
    expect(clara.map((p) => p.name)).toEqual(["Northbridge Lung"]);
    expect((await myPrograms(token.alan)).json()).toEqual({ results: [] });
  });

  it("no longer lists a program once the patient withdraws consent", async () => {
    expect((await giveConsent(t, token.clara!, lung, false)).statusCode).toBe(200);
    expect((await myPrograms(token.clara)).json()).toEqual({ results: [] });
  });

  it("refuses staff (403) and anonymous callers (401)", async () => {
    expect((await myPrograms(nurse.token)).statusCode).toBe(403);
    expect((await myPrograms()).statusCode).toBe(401);
  });
});
