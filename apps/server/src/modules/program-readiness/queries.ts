import { sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import { seesPatientsOfProgram } from "../../db/team-membership.js";

/** What readiness reads of a program's settings, in one statement. */
export interface ReadinessRow {
  territory: "UK_IRE" | "US" | "CH";
  temperatureMin: string | number | null;
  temperatureMax: string | number | null;
  temperatureMessage: string | null;
  defaultAlertMessage: string | null;
  careTeamPhones: string[][];
  alertMessagePairs: { logTypeId: string; grade: number }[];
  escalationMinutes: number | null;
  escalationRecipients: number | string;
}

/**
 * The program's thresholds and messages, its care-team phones, its symptom + grade pairs with a
 * message, its escalation delay, and how many people an escalation reaches: accepted members of the
 * program's team or of its organisation's who may see patients (the escalation's audience: the
 * program's admins, else its team).
 */
export const findReadinessInputs = async (db: Db, programId: string): Promise<ReadinessRow | undefined> => {
  const escalationAudience = seesPatientsOfProgram(
    { id: sql.ref("u.id"), scope: sql.ref("u.scope"), permissions: sql.ref("u.permissions") },
    { id: sql.ref("p.id"), organisationId: sql.ref("p.organisation_id") },
  );
  return (
    await sql<ReadinessRow>`
      SELECT p.territory, p.temperature_min, p.temperature_max, p.temperature_message, p.default_alert_message,
        COALESCE((SELECT json_agg(to_json(c.contact_phones)) FROM care_team_contacts c WHERE c.program_id = p.id),
          '[]') AS care_team_phones,
        COALESCE((SELECT json_agg(json_build_object('logTypeId', g.log_type_id, 'grade', g.grade))
          FROM severe_symptom_grades g WHERE g.program_id = p.id), '[]') AS alert_message_pairs,
        (SELECT s.escalation_minutes FROM alert_settings s WHERE s.program_id = p.id) AS escalation_minutes,
        (SELECT count(*) FROM users u
          WHERE ${escalationAudience}
        ) AS escalation_recipients
      FROM programs p WHERE p.id = ${programId}::uuid`.execute(db)
  ).rows[0];
};
