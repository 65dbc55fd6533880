import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvite,
  addPatient,
  auditRows,
  giveConsent,
  newPatient,
  setProgram,
  userIdOf,
} from "../../../test/patients.js";
import { insertOrganisation, insertProgram, organisationStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, type TestApp } from "../../../test/test-app.js";

describe("a patient's app asks which programs they take part in", () => {
  let t: TestApp;
  let n = 0;

  const myPrograms = (who?: string) => t.request({ method: "GET", url: "/api/v1/user/projects", token: who });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Each story's world, numbered `n`: Northbridge Health with Heart (its patient-facing name, disclaimer,
   * hidden note type, article and its own care team), Lung and a trial an admin has since ended; nurse Nia;
   * Grace consented to Heart and to the ended trial, Clara to Lung, Alan joined Heart but never consented
   * (their patient sessions in `token`), all e-mailed at a domain of the story's own.
   */
  const northbridgePatients = async () => {
    n++;
    const domain = uniqueMailDomain("patients");
    const org = await insertOrganisation(t, `Northbridge Health ${n}`);
    const heart = await insertProgram(t, { organisationId: org, name: `Northbridge Heart ${n}` });
    const lungName = `Northbridge Lung ${n}`;
    const lung = await insertProgram(t, { organisationId: org, name: lungName });
    const ended = await insertProgram(t, { organisationId: org, name: `Northbridge Trial 2025 ${n}` });
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
    const nurse = await organisationStaff(t, org, {
      email: `nia@${uniqueMailDomain()}`,
      role: "clinician_team_member",
    });
    const token: Record<"grace" | "clara" | "alan", string> = { grace: "", clara: "", alan: "" };
    const ids: Record<"grace" | "clara" | "alan", string> = { grace: "", clara: "", alan: "" };
    // Grace consented to Heart and to a program an admin has since ended; Clara to Lung; Alan never consented.
    for (const [name, programs] of [
      ["grace", [heart, ended]],
      ["clara", [lung]],
      ["alan", [heart]],
    ] as const) {
      const email = `${name}@${domain}`;
      for (const programId of programs) {
        const added = await addPatient(t, nurse.token, newPatient(programId, { firstName: name, email }));
        if (added.statusCode !== 201) throw new Error(`adding ${name} answered ${added.statusCode} ${added.body}`);
      }
      token[name] = await acceptInvite(t, email);
      ids[name] = await userIdOf(t, email);
      // The invite link of a second program is accepted the same way; set directly here.
      await t.ctx.db
        .updateTable("programPatients")
        .set({ inviteAcceptedAt: t.clock.now() })
        .where("inviteEmail", "=", email)
        .where("inviteAcceptedAt", "is", null)
        .execute();
      if (name !== "alan") {
        for (const programId of programs) {
          const consented = await giveConsent(t, token[name], programId);
          if (consented.statusCode !== 200) throw new Error(`${name} consenting answered ${consented.statusCode}`);
        }
      }
    }
    await setProgram(t, ended, { endedAt: t.clock.now() });
    return { heart, lung, lungName, nurse, token, ids };
  };

  it("lists the open programs Grace consented to, with the disclaimer, care team and articles", async () => {
    const { heart, token, ids } = await northbridgePatients();
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
    // Grace's own look at her programs is audited.
    const views = (await auditRows(t, "patient.programs.view")).filter((row) => row.actorUserId === ids.grace);
    expect(views.length).toBeGreaterThanOrEqual(1);
  });

  it("never lists another patient's program, nor one the patient has not consented to", async () => {
    const { lungName, token } = await northbridgePatients();
    const clara = (await myPrograms(token.clara)).json().results as { programId: string; name: string }[];
    expect(clara.map((p) => p.name)).toEqual([lungName]);
    expect((await myPrograms(token.alan)).json()).toEqual({ results: [] });
  });

  it("no longer lists a program once the patient withdraws consent", async () => {
    const { lung, token } = await northbridgePatients();
    expect((await giveConsent(t, token.clara, lung, false)).statusCode).toBe(200);
    expect((await myPrograms(token.clara)).json()).toEqual({ results: [] });
  });

  it("refuses staff (403) and anonymous callers (401)", async () => {
    const { nurse } = await northbridgePatients();
    expect((await myPrograms(nurse.token)).statusCode).toBe(403);
    expect((await myPrograms()).statusCode).toBe(401);
  });
});
