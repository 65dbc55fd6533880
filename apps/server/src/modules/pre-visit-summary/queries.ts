import type { Db } from "../../db/kysely.js";

/** The latest visit before today: an appointment not drafted nor cancelled. */
export const findLastVisit = (db: Db, programId: string, userId: string, today: string) =>
  db
    .selectFrom("nurseVisitAppointments")
    .select(["id", "date", "appointmentType"])
    .where("programId", "=", programId)
    .where("patientId", "=", userId)
    .where("isDraft", "=", false)
    .where("status", "<>", "CANCELLED")
    .where("date", "<", today)
    .orderBy("date", "desc")
    .limit(1)
    .executeTakeFirst();

/** Alerts raised in the period, and those still unresolved whenever raised. */
export const findAlerts = (db: Db, programId: string, userId: string, since: Date) =>
  db
    .selectFrom("alerts")
    .select([
      "id",
      "kind",
      "logTypeId",
      "grade",
      "temperature",
      "status",
      "raisedAt",
      "closedAt",
      "closeAction",
      "closeNote",
    ])
    .where("programId", "=", programId)
    .where("patientId", "=", userId)
    .where((eb) => eb.or([eb("raisedAt", ">=", since), eb("status", "<>", "closed")]))
    .orderBy("raisedAt")
    .execute();

/** Every completed questionnaire with scores (oldest first), and those missed in the period. */
export const findQuestionnaires = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("questionnaireEvents as e")
    .innerJoin("questionnaireTypes as t", "t.id", "e.questionnaireTypeId")
    .select(["e.id", "e.questionnaireTypeId", "t.name", "e.state", "e.dueDate", "e.completedAt", "e.scores"])
    .where("e.programId", "=", programId)
    .where("e.patientId", "=", userId)
    .where("e.state", "in", ["COMPLETED", "MISSED"])
    .orderBy("e.dueDate")
    .orderBy("e.completedAt")
    .execute();
