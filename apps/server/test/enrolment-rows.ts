import type { Insertable } from "kysely";
import type { ProgramPatientsTable } from "../src/db/schema.js";
import type { TestApp } from "./test-app.js";

/**
 * A consented enrolment written straight to the database as joining and consenting leave it (consent
 * and invitation accepted now, enrolled individually, by no one), for a story that needs the row
 * without the steps: its id.
 */
export const insertConsentedEnrolment = async (
  t: TestApp,
  enrolment: Pick<
    Insertable<ProgramPatientsTable>,
    "programId" | "userId" | "firstName" | "lastName" | "inviteEmail" | "consentedEmail" | "patientIdType" | "patientId"
  > & { consentGiven?: boolean },
) =>
  (
    await t.ctx.db
      .insertInto("programPatients")
      .values({
        ...enrolment,
        status: "CONSENTED",
        dateConsentGiven: t.clock.now(),
        dateConsentRevoked: null,
        inviteAcceptedAt: t.clock.now(),
        enrolledWith: "individual",
        createdBy: null,
        createdAt: t.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
