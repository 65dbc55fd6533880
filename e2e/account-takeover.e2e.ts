import { describe, expect, it } from "vitest";
import { inviteToProgramTeam, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD } from "./support/journeys.js";

const STAFF_PASSWORD = "Quiet-Lantern-Route-2031!";

/**
 * The security probe's high-severity finding, replayed over real HTTP against the running
 * product: a program admin of another organisation enrols a patient who already has an account,
 * re-addresses that enrolment to a mailbox they own and asks for a password reset. The patient's
 * account must stay theirs.
 */
describe("another hospital cannot take over a patient's account", () => {
  const journey = useProduct({ browser: false });
  const { mail, call, staffSignIn } = journey;

  it("keeps the patient's sign-in e-mail and account when another organisation re-addresses its enrolment", async () => {
    const admin = await staffSignIn("superadmin@openpro.demo", DEMO_PASSWORD);
    const programs = (await call("GET", "/api/v1/admin/projects?_perPage=100", { token: admin })).body.results as {
      projectId: string;
      name: string;
      organisationId: string;
    }[];
    const breast = programs.find((p) => p.name === "Breast Cancer Symptom Monitoring")!;
    const lakeside = programs.find((p) => p.name === "Colorectal Chemotherapy PRO")!.organisationId;

    // The victim: a demo patient who joined the Breast program of Northbridge.
    const enrolled = await call("GET", `/api/v1/admin/projects/${breast.projectId}/users?statuses=CONSENTED`, {
      token: admin,
    });
    const victim = (enrolled.body.results as { id: string; email: string; inviteAccepted: boolean }[]).find(
      (p) => p.inviteAccepted,
    )!;
    expect(
      (
        await call("POST", "/api/v2/auth/login", {
          body: { email: victim.email, password: DEMO_PASSWORD, scope: "patient" },
        })
      ).status,
    ).toBe(200);

    // The attacker: a Clinical Program Admin of a UK program of the other organisation.
    const created = await call("POST", "/api/v1/admin/projects", {
      token: admin,
      body: { name: "Lakeside UK Pilot", territory: "UK_IRE", organisationId: lakeside, startDate: "2026-01-05" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const attackerProgram = created.body.projectId as string;
    // A new program starts with its territory's alert settings; its care-team phone makes it ready (issue 30 §1).
    const contact = await call("POST", `/api/v1/admin/projects/${attackerProgram}/care-team-contacts`, {
      token: admin,
      body: { careTeamName: "Pilot nurses", contactPhones: ["+441132068700"], contactEmails: [] },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const attackerEmail = "mallory@lakeside.example";
    const inviteCode = await inviteToProgramTeam(journey, admin, attackerProgram, {
      firstName: "Mallory",
      lastName: "Admin",
      email: attackerEmail,
      role: "clinical_project_admin",
    });
    const registered = await call("POST", "/api/v2/auth/register", {
      body: {
        inviteCode,
        email: attackerEmail,
        password: STAFF_PASSWORD,
        confirmPassword: STAFF_PASSWORD,
        privacyPolicy: true,
        eula: true,
        dataSharing: true,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const attacker = await staffSignIn(attackerEmail, STAFF_PASSWORD);

    // The attack: enrol the victim's address, then point the enrolment at a mailbox the attacker owns.
    const added = await call("POST", "/api/v1/users", {
      token: attacker,
      body: {
        firstName: "Any",
        lastName: "Name",
        email: victim.email,
        patientIdType: "nhs_number",
        patientId: "9434765919",
        projectId: attackerProgram,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const mailbox = "mallory+patient@lakeside.example";
    const edited = await call("PATCH", `/api/v1/users/${added.body.userId}?projectId=${attackerProgram}`, {
      token: attacker,
      body: { email: mailbox },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.id).not.toBe(victim.id);

    // The patient still signs in with their own address and password…
    const victimLogin = await call("POST", "/api/v2/auth/login", {
      body: { email: victim.email, password: DEMO_PASSWORD, scope: "patient" },
    });
    expect(victimLogin.status).toBe(200);
    // …and a reset to the attacker's mailbox reaches only a fresh invitee, never the patient's account.
    const resetBefore = mail.mails.length;
    await call("POST", "/api/v2/auth/reset_password/email/send_otp", { body: { email: mailbox, scope: "patient" } });
    await new Promise((r) => setTimeout(r, 1500));
    const leaked = mail.mails.slice(resetBefore).filter((m) => m.to.includes(mailbox) && /reset/i.test(m.subject));
    for (const m of leaked) expect(m.text).not.toContain(victim.email);
    const stillThere = await call(
      "GET",
      `/api/v1/admin/projects/${breast.projectId}/users?term=${encodeURIComponent(victim.email)}`,
      {
        token: admin,
      },
    );
    expect(stillThere.body.results.map((p: { id: string }) => p.id)).toContain(victim.id);
  });
});
