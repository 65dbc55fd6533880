import { sql } from "kysely";
import type { Db } from "../kysely.js";

/** Days back the demo's quiet patient's questionnaires go unanswered. */
export const DEMO_QUIET_DAYS = 14;

/**
 * One patient gone quiet in the Breast program, for the worklist (issue 36 §1): the last consented
 * patient with an account and no alert (by invite e-mail) answered none of the questionnaires of
 * the last DEMO_QUIET_DAYS days: those whose window closed are missed, the open ones still due.
 * Their logs are left as seeded (the patient-data demo stays as its seed makes it).
 */
export const seedWorklist = async (db: Db, { now }: { now: Date }) => {
  const since = new Date(now.getTime() - DEMO_QUIET_DAYS * 86_400_000);
  const quiet = sql`
    SELECT pp.program_id, pp.user_id FROM program_patients pp
    JOIN programs p ON p.id = pp.program_id
    JOIN users u ON u.id = pp.user_id
    WHERE p.name = 'Breast Cancer Symptom Monitoring' AND pp.status = 'CONSENTED'
      AND pp.date_consent_given < ${since} AND u.password_hash IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.program_id = pp.program_id AND a.patient_id = pp.user_id)
    ORDER BY pp.invite_email DESC LIMIT 1`;
  const events = sql`
    SELECT e.id FROM questionnaire_events e JOIN (${quiet}) q
      ON e.program_id = q.program_id AND e.patient_id = q.user_id
    WHERE e.window_closes_at >= ${since}`;
  await sql`DELETE FROM questionnaire_answers WHERE event_id IN (${events})`.execute(db);
  await sql`
    UPDATE questionnaire_events SET
      state = CASE WHEN window_closes_at <= ${now} THEN 'MISSED' ELSE 'DUE' END,
      answered_count = 0, started_at = NULL, completed_at = NULL, submit_client_id = NULL, scores = NULL
    WHERE id IN (${events})`.execute(db);
};
