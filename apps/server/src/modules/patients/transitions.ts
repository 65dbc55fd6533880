import type { PatientStatus, VerificationStatus } from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import type { EnrolmentUpdate } from "../../db/schema.js";
import { insertStatus, insertVerification, updateEnrolment } from "./queries.js";

type Enrolment = { id: string; programId: string };

/**
 * Every status change of an enrolment is written with its history entry, in the caller's
 * transaction: the list shows the latest status, the history all of them.
 */
export const moveStatus = async (
  db: Db,
  enrolment: Enrolment,
  status: PatientStatus,
  at: Date,
  actorUserId: string | null,
  changes: EnrolmentUpdate = {},
) => {
  await updateEnrolment(db, enrolment.id, { ...changes, status });
  await insertStatus(db, { programId: enrolment.programId, enrolmentId: enrolment.id, status, at, actorUserId });
};

/** The same for the verification status (its latest history entry is the current one). */
export const moveVerification = async (
  db: Db,
  enrolment: Enrolment,
  verificationStatus: VerificationStatus,
  at: Date,
  actorUserId: string | null,
  changes: EnrolmentUpdate = {},
) => {
  await updateEnrolment(db, enrolment.id, { ...changes, verificationStatus });
  await insertVerification(db, {
    programId: enrolment.programId,
    enrolmentId: enrolment.id,
    verificationStatus,
    at,
    actorUserId,
  });
};
