import type { Insertable } from "kysely";
import type { ProgramPatientsTable } from "../src/db/schema.js";
import type { TestApp } from "./test-app.js";

/** Who is enrolled: the person's account and names; no consent address or patient id unless given. */
type EnrolledPerson = Pick<
  Insertable<ProgramPatientsTable>,
  "programId" | "userId" | "firstName" | "lastName" | "inviteEmail"
> &
  Partial<Pick<Insertable<ProgramPatientsTable>, "consentedEmail" | "patientIdType" | "patientId" | "consentGiven">>;

/** The row, written straight to the database at the app clock's now, enrolled individually by no one: its id. */
const insertEnrolment = async (t: TestApp, person: EnrolledPerson, consented: boolean) =>
  (
    await t.ctx.db
      .insertInto("programPatients")
      .values({
        consentedEmail: null,
        patientIdType: null,
        patientId: null,
        ...person,
        status: consented ? "CONSENTED" : "STATUS_UNCONFIRMED",
        dateConsentGiven: consented ? t.clock.now() : null,
        dateConsentRevoked: null,
        inviteAcceptedAt: t.clock.now(),
        enrolledWith: "individual",
        createdBy: null,
        createdAt: t.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

/**
 * A consented enrolment written straight to the database as joining and consenting leave it (consent
 * and invitation accepted now, enrolled individually, by no one), for a story that needs the row
 * without the steps: its id.
 */
export const insertConsentedEnrolment = (t: TestApp, person: EnrolledPerson) => insertEnrolment(t, person, true);

/**
 * An enrolment written straight to the database as accepting an invitation leaves it before consent
 * (status unconfirmed, invitation accepted now, enrolled individually, by no one): its id.
 */
export const insertUnconfirmedEnrolment = (t: TestApp, person: EnrolledPerson) => insertEnrolment(t, person, false);
