import { messages } from "@openpro/core";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import {
  acceptInvite,
  addPatient,
  DAY_SECONDS,
  enrolmentOf,
  inviteInfo,
  inviteLinks,
  newPatient,
  unsubscribeLink,
  userIdOf,
} from "../../../test/patients.js";
import { addToProgram, insertOrganisation, insertProgram, staffSession } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

describe("an invitation nobody answers: reminders, expiry, re-sending and unsubscribing", () => {
  let t: TestApp;
  let heart: string;

  /** Days pass; the nurse signs in again (her earlier session has long ended). */
  const daysPass = async (days: number) => {
    t.clock.advanceSeconds(Math.round(days * DAY_SECONDS));
    await t.runJobs();
    return (await signIn(t, "nia@clinic.test")).accessToken;
  };
  const reminders = async (email: string) =>
    (await t.mailsTo(email)).filter((m) => m.subject === "Reminder: you are invited to Northbridge Heart");
  const resend = (token: string, userId: string) =>
    t.request({ method: "POST", url: `/api/v1/users/${userId}?projectId=${heart}`, token });
  const unsubscribe = (payload: Record<string, unknown>) =>
    t.request({ method: "POST", url: "/api/v1/questionnaire-reminders/unsubscribe", payload });

  /**
   * Each story's world, on a platform of its own (the reminder jobs and the clock span it; closed when
   * the story ends), on Monday 2 March at nine: Northbridge Heart, its nurse Nia, and Grace, Alan and
   * Ada just added (each e-mailed an invitation).
   */
  const heartWithInvitations = async () => {
    t = await createTestApp();
    onTestFinished(() => t.close());
    const northbridge = await insertOrganisation(t, "Northbridge Health");
    heart = await insertProgram(t, { organisationId: northbridge, name: "Northbridge Heart" });
    const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToProgram(t, nurse.id, heart, "clinician_team_member");
    for (const [firstName, email] of [
      ["Grace", "grace@patients.test"],
      ["Alan", "alan@patients.test"],
      ["Ada", "ada@patients.test"],
    ] as const) {
      const added = await addPatient(t, nurse.token, newPatient(heart, { firstName, email }));
      expect(added.statusCode).toBe(201);
    }
  };

  /** Nobody answered for three weeks: Grace's and Alan's invitations have expired. */
  const threeWeeksUnanswered = async () => {
    await daysPass(7);
    await daysPass(7);
    const token = await daysPass(7);
    for (const email of ["grace@patients.test", "alan@patients.test"])
      expect((await enrolmentOf(t, token, heart, email)).status).toBe("INVITE_EXPIRED");
    return token;
  };

  /** Grace's and Alan's expired invitations re-sent, and a week gone: each has had a reminder since. */
  const resentAWeekAgo = async (token: string) => {
    for (const email of ["grace@patients.test", "alan@patients.test"])
      expect((await resend(token, await userIdOf(t, email))).statusCode).toBe(200);
    await daysPass(7);
  };

  it("reminds after 7 and 14 days with a new link, expires after 21, and stops for who accepted", async () => {
    await heartWithInvitations();
    const [first] = await inviteLinks(t, "grace@patients.test");
    expect(await t.runJobs()).toBeGreaterThanOrEqual(0);
    expect(await reminders("grace@patients.test")).toEqual([]);

    // Ada accepts on day 1: nothing more is sent to her.
    t.clock.advanceSeconds(DAY_SECONDS);
    await acceptInvite(t, "ada@patients.test", { firstName: "Ada", lastName: "Lovelace" });

    // Nothing just before the seventh day.
    t.clock.advanceSeconds(6 * DAY_SECONDS - 60);
    await t.runJobs();
    expect(await reminders("grace@patients.test")).toEqual([]);

    let token = await daysPass(60 / DAY_SECONDS);
    const afterWeek = await reminders("grace@patients.test");
    expect(afterWeek).toHaveLength(1);
    const links = await inviteLinks(t, "grace@patients.test");
    expect(links).toHaveLength(2);
    expect(links[1]!.code).not.toBe(first!.code);
    expect(afterWeek[0]!.textBody).toContain("Stop these e-mails: http://openpro.test/unsubscribe?");
    const unsub = await unsubscribeLink(t, "grace@patients.test");
    expect(unsub.email).toBe("grace@patients.test");
    expect(unsub.userId).toBe(await userIdOf(t, "grace@patients.test"));
    // Both links still open the invitation until it expires.
    expect((await inviteInfo(t, first!.code)).statusCode).toBe(200);
    expect((await inviteInfo(t, links[1]!.code)).statusCode).toBe(200);
    expect(await reminders("ada@patients.test")).toEqual([]);

    token = await daysPass(7);
    expect(await reminders("grace@patients.test")).toHaveLength(2);
    expect((await enrolmentOf(t, token, heart, "grace@patients.test")).status).toBe("INVITE_SENT");

    token = await daysPass(7);
    // No third reminder: the invitation has expired instead.
    expect(await reminders("grace@patients.test")).toHaveLength(2);
    const expired = await enrolmentOf(t, token, heart, "grace@patients.test");
    expect(expired.status).toBe("INVITE_EXPIRED");
    expect(expired.statusHistory.map((s) => s.status)).toEqual(["INVITE_SENT", "INVITE_EXPIRED"]);
    expect(expired.statusHistory[1]!.date).toBe("2026-03-23T09:00:00.000Z");
    const late = await inviteInfo(t, first!.code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ errorCode: "INVITE_EXPIRED", message: messages.inviteExpired });

    // Ada, who accepted, neither got reminders nor expired.
    expect(await reminders("ada@patients.test")).toEqual([]);
    expect((await enrolmentOf(t, token, heart, "ada@patients.test")).status).toBe("STATUS_UNCONFIRMED");

    // Re-sending brings Grace back to "invite sent" with a fresh link; the old links are dead.
    const graceId = await userIdOf(t, "grace@patients.test");
    const resent = await resend(token, graceId);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: messages.inviteResent });
    const back = await enrolmentOf(t, token, heart, "grace@patients.test");
    expect(back.status).toBe("INVITE_SENT");
    expect(back.statusHistory.map((s) => s.status)).toEqual(["INVITE_SENT", "INVITE_EXPIRED", "INVITE_SENT"]);
    const fresh = (await inviteLinks(t, "grace@patients.test")).at(-1)!;
    expect(fresh.subject).toBe("You are invited to Northbridge Heart");
    expect((await inviteInfo(t, fresh.code)).json()).toMatchObject({
      email: "grace@patients.test",
      hasAccepted: false,
    });
    for (const old of links) {
      const dead = await inviteInfo(t, old.code);
      expect(dead.statusCode).toBe(400);
      expect(dead.json()).toMatchObject({ errorCode: "INVITE_INVALID", message: messages.inviteLinkInvalid });
    }
    // Ada accepted: her invitation cannot be re-sent.
    const adaAgain = await resend(token, await userIdOf(t, "ada@patients.test"));
    expect(adaAgain.statusCode).toBe(409);
    expect(adaAgain.json().message).toBe(messages.inviteNotResendable);
  });

  it("re-sending an open invitation revokes the link sent before", async () => {
    await heartWithInvitations();
    const token = await threeWeeksUnanswered();
    const alanId = await userIdOf(t, "alan@patients.test");
    // Alan's first invitation has expired too by now; re-send twice.
    expect((await resend(token, alanId)).statusCode).toBe(200);
    const before = (await inviteLinks(t, "alan@patients.test")).at(-1)!;
    expect((await inviteInfo(t, before.code)).statusCode).toBe(200);
    expect((await resend(token, alanId)).statusCode).toBe(200);
    const after = (await inviteLinks(t, "alan@patients.test")).at(-1)!;
    expect(after.code).not.toBe(before.code);
    const old = await inviteInfo(t, before.code);
    expect(old.statusCode).toBe(400);
    expect(old.json().errorCode).toBe("INVITE_INVALID");
    expect((await inviteInfo(t, after.code)).statusCode).toBe(200);
    // One chain of reminders only: a week later a single reminder arrives.
    const reminded = (await reminders("alan@patients.test")).length;
    await daysPass(7);
    expect(await reminders("alan@patients.test")).toHaveLength(reminded + 1);
  });

  it("stops the reminders of whoever follows the unsubscribe link, and only them", async () => {
    await heartWithInvitations();
    await resentAWeekAgo(await threeWeeksUnanswered());
    const alan = await unsubscribeLink(t, "alan@patients.test");
    const graceId = await userIdOf(t, "grace@patients.test");
    // A forged token, and Alan's token with Grace's id, are refused.
    const forged = await unsubscribe({
      email: alan.email,
      userId: alan.userId,
      token: "f".repeat(64),
      isEnabled: false,
    });
    expect(forged.statusCode).toBe(400);
    const swapped = await unsubscribe({ email: alan.email, userId: graceId, token: alan.token, isEnabled: false });
    expect(swapped.statusCode).toBe(400);
    const otherEmail = await unsubscribe({
      email: "grace@patients.test",
      userId: alan.userId,
      token: alan.token,
      isEnabled: false,
    });
    expect(otherEmail.statusCode).toBe(400);

    const done = await unsubscribe({ email: alan.email, userId: alan.userId, token: alan.token, isEnabled: false });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.unsubscribed });

    // Grace's open invitation (re-sent) still reminds her; Alan's does not.
    const alanBefore = (await reminders("alan@patients.test")).length;
    const graceBefore = (await reminders("grace@patients.test")).length;
    await daysPass(7);
    expect(await reminders("alan@patients.test")).toHaveLength(alanBefore);
    expect(await reminders("grace@patients.test")).toHaveLength(graceBefore + 1);
  });
});

describe("reminders speak of the program by the name patients know", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("uses the patient-facing program name in the invitation and in its reminders", async () => {
    t = await createTestApp();
    const organisationId = await insertOrganisation(t, "Northbridge Health");
    const heart = await insertProgram(t, { organisationId, name: "NB-CARDIO-2026 internal" });
    await t.ctx.db.updateTable("programs").set({ patientProgramName: "My Heart" }).where("id", "=", heart).execute();
    const nurse = await staffSession(t, { email: "nia@clinic.test", role: "clinician_team_member" });
    await addToProgram(t, nurse.id, heart, "clinician_team_member");
    expect((await addPatient(t, nurse.token, newPatient(heart))).statusCode).toBe(201);
    t.clock.advanceSeconds(7 * DAY_SECONDS);
    await t.runJobs();
    const subjects = (await t.mailsTo("grace@patients.test")).map((m) => m.subject);
    expect(subjects).toEqual(["You are invited to My Heart", "Reminder: you are invited to My Heart"]);
    const bodies = (await t.mailsTo("grace@patients.test")).map((m) => m.textBody).join("\n");
    expect(bodies).not.toContain("NB-CARDIO-2026");
  });
});
