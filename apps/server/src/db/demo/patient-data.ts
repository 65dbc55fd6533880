import {
  ctcaeCatalogue,
  defaultDangerGrade,
  invalidationReasons,
  skipReasons,
  stepSources,
  territoryTimeZones,
} from "@openpro/core";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../kysely.js";

/**
 * What consented demo patients have logged in the app, from consent to today (or to the day they
 * withdrew or completed): three CTCAE symptoms a day (mostly grades 0–2, worse in the first days
 * of each 21-day cycle, a severe episode with a fever, for half of them a severe spell in the last
 * few days), a morning temperature, weight every third day (drifting down; US patients mostly in
 * pounds), steps every evening, some walks, rides and yoga, some feelings, and three medications
 * (daily, twice daily, as needed) with a few doses skipped and a few missed. Older logs are mostly
 * acknowledged by a member of the program's staff; one or two per patient were removed.
 *
 * Generated in the database (INSERT … SELECT over generate_series), so the same statements fill
 * the demo's few patients in milliseconds and the benchmarks' thousands in minutes. Deterministic:
 * every random draw is hashint8extended(key, seed) of the patient's ordinal, the day and the slot,
 * so a seed gives the same rows every time (only generated ids differ).
 */

/** The symptoms patients track, by CTCAE term; each patient tracks three of them. */
const trackedTerms = ["Nausea", "Fatigue", "Diarrhea", "Vomiting", "Pain", "Dyspnea", "Anorexia", "Insomnia"];
const trackedSymptomIds = trackedTerms.map((term) => {
  const type = ctcaeCatalogue.find((t) => t.name === term);
  if (!type) throw new Error(`CTCAE term missing from the catalogue: ${term}`);
  return type.logTypeId;
});

const medications = [
  { name: "Omeprazole", dosage: "20", dosageUnit: "mg", frequency: "ONCE_DAILY" },
  { name: "Dexamethasone", dosage: "4", dosageUnit: "mg", frequency: "TWICE_DAILY" },
  { name: "Ondansetron", dosage: "8", dosageUnit: "mg", frequency: "AS_NEEDED" },
] as const;
/** When doses are taken, minutes after local midnight. */
const doses = [
  { medication: 0, slot: 8, minutes: 8 * 60 },
  { medication: 1, slot: 9, minutes: 8 * 60 + 10 },
  { medication: 1, slot: 10, minutes: 20 * 60 },
  { medication: 2, slot: 11, minutes: 14 * 60 },
] as const;

const symptomNotes = [
  "Could not keep anything down since the infusion.",
  "Worst day since starting treatment, stayed in bed.",
  "Rang the helpline, they told me to come in.",
];

export interface PatientDataOptions {
  /** "Today": no log after it. */
  now: Date;
  /** Only these programs' consented patients (default: every program). */
  programIds?: readonly string[];
  /**
   * Only patients whose ordinal (1-based, by program name then invite e-mail, among the selected
   * programs) is in [from, to): lets a benchmark load thousands of patients in several statements.
   */
  ordinals?: { from: number; to: number };
  /** Changes every draw (default 1). */
  seed?: number;
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(literal).join(", ")}]::text[]`;

/** A draw in [0, 1) from a bigint key and a seed (the same key and seed, the same draw). */
const draw = (key: string, seed: number) => `((hashint8extended(${key}, ${seed}) & 2147483647)::float8 / 2147483648.0)`;

/**
 * A UUID (version-4 shaped) that is a function of the key: the app's clientId of a generated log,
 * unique per patient because the key (ordinal, day, slot) is encoded in it.
 */
const clientIdOf = (key: string, seed: number) => {
  const h = `lpad(to_hex(hashint8extended(${key}, ${seed + 7})), 16, '0')`;
  const k = `lpad(to_hex(${key}), 15, '0')`;
  return `(substr(${h}, 1, 12) || '4' || substr(${h}, 13, 3) || '8' || ${k})::uuid`;
};

const zoneOfTerritory = `CASE pr.territory ${Object.entries(territoryTimeZones)
  .map(([territory, zone]) => `WHEN ${literal(territory)} THEN ${literal(zone)}`)
  .join(" ")} ELSE 'UTC' END`;

/**
 * One row per consented patient of the selection: the days to fill and the draws that shape them.
 * Columns: program_id, patient_id, ord, zone, us, consented_at, until_at, first_day, span (days),
 * today (local), validator, episode_a (severe + fever), episode_b (recent severe, or -100),
 * removed_day, removed_day2 (-100 for half), base_kg.
 */
const enrolments = (options: PatientDataOptions, seed: number): RawBuilder<unknown> => {
  const programFilter = options.programIds
    ? options.programIds.length
      ? sql`AND pp.program_id IN (${sql.join(options.programIds)})`
      : sql`AND false`
    : sql``;
  const ordinalFilter = options.ordinals
    ? sql`WHERE ord >= ${options.ordinals.from} AND ord < ${options.ordinals.to}`
    : sql``;
  const now = options.now.toISOString();
  const p = (key: string, n: number) => draw(`ord * 100000 + ${key}`, seed * 1000 + n);
  return sql`
    enrolment AS (
      SELECT *, (last_day - first_day + 1) AS span FROM (
        SELECT pp.program_id, pp.user_id AS patient_id,
          row_number() OVER (ORDER BY pr.name, pp.invite_email, pp.id)::bigint AS ord,
          tz.zone, pr.territory = 'US' AS us,
          pp.date_consent_given AS consented_at,
          LEAST(${now}::timestamptz, pp.date_consent_revoked, done.at) AS until_at,
          (pp.date_consent_given AT TIME ZONE tz.zone)::date AS first_day,
          (${now}::timestamptz AT TIME ZONE tz.zone)::date AS today,
          LEAST(
            (${now}::timestamptz AT TIME ZONE tz.zone)::date,
            (pp.date_consent_revoked AT TIME ZONE tz.zone)::date,
            (done.at AT TIME ZONE tz.zone)::date,
            CASE WHEN pr.end_date >= (pp.date_consent_given AT TIME ZONE tz.zone)::date THEN pr.end_date END,
            CASE WHEN pr.ended_at >= pp.date_consent_given THEN (pr.ended_at AT TIME ZONE tz.zone)::date END
          ) AS last_day,
          (SELECT ps.user_id FROM program_staff ps JOIN users su ON su.id = ps.user_id
            WHERE ps.program_id = pp.program_id ORDER BY su.email LIMIT 1) AS validator
        FROM program_patients pp
        JOIN programs pr ON pr.id = pp.program_id
        CROSS JOIN LATERAL (SELECT ${sql.raw(zoneOfTerritory)} AS zone) tz
        LEFT JOIN LATERAL (
          SELECT min(h.at) AS at FROM patient_status_history h
          WHERE h.enrolment_id = pp.id AND h.status = 'PROJECT_COMPLETED'
        ) done ON true
        WHERE pp.status IN ('CONSENTED', 'CONSENT_WITHDRAWN', 'PROJECT_COMPLETED')
          AND pp.date_consent_given IS NOT NULL ${programFilter}
      ) e
      ${ordinalFilter}
    ),
    patient AS MATERIALIZED (
      SELECT e.*,
        2 + floor(${sql.raw(p("0", 1))} * GREATEST(e.span - 14, 1))::int AS episode_a,
        CASE WHEN e.ord % 2 = 0 THEN e.span - 4 ELSE -100 END AS episode_b,
        floor(${sql.raw(p("1", 2))} * e.span)::int AS removed_day,
        CASE WHEN e.ord % 2 = 1 THEN floor(${sql.raw(p("2", 3))} * e.span)::int ELSE -100 END AS removed_day2,
        58 + ${sql.raw(p("3", 4))} * 35 AS base_kg
      FROM enrolment e WHERE e.span > 0
    )`;
};

/**
 * The days of each patient and what shapes them (joined after enrolments(); "pa" is the patient).
 * Every stage below is a LATERAL subquery with OFFSET 0: without that fence the planner inlines the
 * expressions of one stage into every use in the next, and the draws are computed many times a row.
 */
const days = sql`
  CROSS JOIN LATERAL generate_series(0, pa.span - 1) AS d(day)
  CROSS JOIN LATERAL (
    SELECT pa.first_day + d.day AS local_date,
      (d.day BETWEEN pa.episode_a AND pa.episode_a + 2 OR d.day BETWEEN pa.episode_b AND pa.episode_b + 1) AS unwell,
      (d.day BETWEEN pa.episode_a + 1 AND pa.episode_a + 2) AS fever,
      ((d.day + pa.ord) % 21) < 5 AS cycle_start
    OFFSET 0
  ) a`;

const minutes = (expression: string) => `make_interval(mins => (${expression})::int)`;

/** Symptom, temperature, weight, steps, activity and feeling logs of the selected patients. */
const insertLogs = (db: Db, options: PatientDataOptions, seed: number) => {
  const r = (n: number) => draw("k.key", seed * 1000 + 100 + n);
  const now = options.now.toISOString();
  return sql`
    WITH ${enrolments(options, seed)}
    INSERT INTO patient_logs (program_id, patient_id, client_id, log_class, logged_at, local_date,
      utc_offset_minutes, log_type_id, grade, is_danger, value, unit, original_value, original_unit, data, note,
      validation_status, validation_reason, validated_by, validated_at, received_at)
    SELECT pa.program_id, pa.patient_id, ${sql.raw(clientIdOf("k.key", seed))}, c.log_class, t.logged_at, a.local_date,
      (extract(epoch FROM c.local_ts - (t.logged_at AT TIME ZONE 'UTC')) / 60)::smallint,
      CASE
        WHEN s.slot <= 2 THEN (${sql.raw(textArray(trackedSymptomIds))})[1 + (pa.ord + 3 * s.slot) % ${sql.raw(String(trackedSymptomIds.length))}]
      END,
      c.grade,
      COALESCE(c.grade >= ${sql.raw(String(defaultDangerGrade))}, false),
      CASE s.slot
        WHEN 3 THEN CASE WHEN t.temperature_unit = 'F' THEN round(((o.original - 32) * 5 / 9)::numeric, 2)::float8 ELSE o.original END
        WHEN 4 THEN CASE WHEN t.weight_unit = 'lb' THEN round((o.original / 2.2)::numeric, 2)::float8 ELSE o.original END
        WHEN 5 THEN c.steps
        WHEN 6 THEN c.duration
        WHEN 7 THEN CASE WHEN a.unwell THEN 1 + floor(b.r2 * 2) ELSE 3 + floor(b.r2 * 3) END
      END,
      CASE s.slot WHEN 3 THEN 'C' WHEN 4 THEN 'kg' WHEN 5 THEN 'steps' WHEN 6 THEN 'min' END,
      o.original,
      CASE s.slot WHEN 3 THEN t.temperature_unit WHEN 4 THEN t.weight_unit END,
      CASE s.slot
        WHEN 5 THEN jsonb_build_object('activityType', 'Steps', 'steps', c.steps, 'source', c.source)
        WHEN 6 THEN jsonb_build_object('activityType', c.activity, 'durationMinutes', c.duration, 'source', 'MANUAL')
        ELSE '{}'::jsonb
      END,
      CASE
        WHEN s.slot = 0 AND d.day = pa.episode_a THEN (${sql.raw(textArray(symptomNotes))})[1 + pa.ord % ${sql.raw(String(symptomNotes.length))}]
        WHEN s.slot = 0 AND d.day = pa.episode_b THEN 'Getting worse again today.'
        WHEN s.slot = 3 AND d.day = pa.episode_a + 1 THEN 'Shivery, took paracetamol.'
      END,
      CASE t.review WHEN 'removed' THEN 'Removed' WHEN 'acknowledged' THEN 'Acknowledged' END,
      CASE WHEN t.review = 'removed' THEN
        CASE WHEN s.slot = 3 THEN ${sql.raw(literal(invalidationReasons[3]))}
          ELSE (${sql.raw(textArray(invalidationReasons.slice(0, 4)))})[1 + pa.ord % 4] END
      END,
      CASE WHEN t.review IS NOT NULL THEN pa.validator END,
      CASE WHEN t.review IS NOT NULL
        THEN LEAST(t.logged_at + ${sql.raw(minutes("90 + b.r4 * 1400"))}, ${now}::timestamptz) END,
      LEAST(t.logged_at + ${sql.raw(minutes("1 + b.r3 * 20"))}, ${now}::timestamptz)
    FROM patient pa
    ${days}
    CROSS JOIN generate_series(0, 7) AS s(slot)
    CROSS JOIN LATERAL (SELECT pa.ord * 100000 + d.day * 16 + s.slot AS key) k
    CROSS JOIN LATERAL (
      SELECT ${sql.raw(r(1))} AS r1, ${sql.raw(r(2))} AS r2, ${sql.raw(r(3))} AS r3, ${sql.raw(r(4))} AS r4 OFFSET 0
    ) b
    CROSS JOIN LATERAL (
      SELECT
        CASE
          WHEN s.slot <= 2 THEN 'SYMPTOMS'
          WHEN s.slot = 3 THEN 'TEMPERATURE'
          WHEN s.slot = 4 AND (d.day + pa.ord) % 3 = 0 THEN 'WEIGHT'
          WHEN s.slot = 5 THEN 'ACTIVITY'
          WHEN s.slot = 6 AND b.r1 < 0.2 AND NOT a.unwell THEN 'ACTIVITY'
          WHEN s.slot = 7 AND b.r1 < 0.35 THEN 'FEELING'
        END AS log_class,
        a.local_date + ${sql.raw(
          minutes(`CASE s.slot
            WHEN 3 THEN 450 + b.r1 * 60 WHEN 4 THEN 420 + b.r1 * 45 WHEN 5 THEN 1290 + b.r1 * 25
            WHEN 6 THEN 600 + b.r3 * 420 WHEN 7 THEN 720 + b.r3 * 480 ELSE 1140 + b.r2 * 150 END`),
        )} AS local_ts,
        CASE WHEN s.slot <= 2 THEN
          CASE
            WHEN s.slot = 0 AND d.day BETWEEN pa.episode_a AND pa.episode_a + 2
              THEN CASE WHEN d.day = pa.episode_a + 1 THEN 4 ELSE 3 END
            WHEN s.slot = 0 AND d.day BETWEEN pa.episode_b AND pa.episode_b + 1 THEN 3
            WHEN s.slot = 1 AND a.unwell THEN 2
            WHEN b.r1 < 0.006 THEN 3
            WHEN b.r1 < CASE WHEN a.cycle_start THEN 0.30 ELSE 0.50 END THEN 0
            WHEN b.r1 < CASE WHEN a.cycle_start THEN 0.68 ELSE 0.84 END THEN 1
            ELSE 2
          END
        END AS grade,
        CASE WHEN s.slot = 5 THEN floor((2500 + b.r2 * 6500) * CASE WHEN a.unwell THEN 0.45 ELSE 1 END)::int END AS steps,
        CASE WHEN s.slot = 6 THEN
          CASE WHEN b.r2 < 0.6 THEN 'Walking' WHEN b.r2 < 0.8 THEN 'Cycling' ELSE 'Yoga' END
        END AS activity,
        CASE WHEN s.slot = 6 THEN 20 + floor(b.r4 * 40)::int END AS duration,
        CASE WHEN s.slot = 5 THEN
          CASE WHEN b.r3 < 0.05 THEN 'MANUAL' ELSE (${sql.raw(textArray(stepSources))})[1 + pa.ord % 3] END
        END AS source
      OFFSET 0
    ) c
    CROSS JOIN LATERAL (
      SELECT c.local_ts AT TIME ZONE pa.zone AS logged_at,
        CASE
          WHEN s.slot = 1 AND d.day = pa.removed_day THEN 'removed'
          WHEN s.slot = 3 AND d.day = pa.removed_day2 THEN 'removed'
          WHEN a.local_date < pa.today - 7 AND b.r4 < 0.9 THEN 'acknowledged'
        END AS review,
        CASE WHEN pa.us AND b.r3 < 0.85 THEN 'F' ELSE 'C' END AS temperature_unit,
        CASE WHEN pa.us AND b.r3 < 0.7 THEN 'lb' ELSE 'kg' END AS weight_unit
      OFFSET 0
    ) t
    CROSS JOIN LATERAL (
      SELECT CASE
        WHEN s.slot = 3 THEN
          CASE WHEN t.temperature_unit = 'F' THEN round((u.celsius * 1.8 + 32)::numeric, 1)::float8 ELSE u.celsius END
        WHEN s.slot = 4 THEN
          CASE WHEN t.weight_unit = 'lb' THEN round((u.kg * 2.2)::numeric, 1)::float8 ELSE round(u.kg::numeric, 1)::float8 END
      END AS original
      FROM (SELECT
        CASE WHEN a.fever THEN 38.0 ELSE 36.3 END + floor(b.r2 * 10) / 10 AS celsius,
        pa.base_kg - 0.025 * d.day + (b.r2 - 0.5) * 0.8 AS kg) u
      OFFSET 0
    ) o
    WHERE c.log_class IS NOT NULL AND t.logged_at >= pa.consented_at AND t.logged_at <= pa.until_at`.execute(db);
};

const insertMedications = (db: Db, options: PatientDataOptions, seed: number) => {
  const rows = medications.map(
    (m, i) => `(${i}, ${literal(m.name)}, ${literal(m.dosage)}, ${literal(m.dosageUnit)}, ${literal(m.frequency)})`,
  );
  return sql`
    WITH ${enrolments(options, seed)}
    INSERT INTO patient_medications (program_id, patient_id, client_id, name, dosage, dosage_unit, frequency,
      snomed_id, start_date, end_date, created_at, updated_at)
    SELECT pa.program_id, pa.patient_id, ${sql.raw(clientIdOf("pa.ord * 100000 + 99990 + m.n", seed))},
      m.name, m.dosage, m.dosage_unit, m.frequency, NULL, pa.first_day, NULL,
      pa.consented_at + interval '2 hours', pa.consented_at + interval '2 hours'
    FROM patient pa CROSS JOIN (VALUES ${sql.raw(rows.join(", "))}) AS m(n, name, dosage, dosage_unit, frequency)
    WHERE pa.consented_at + interval '2 hours' <= pa.until_at`.execute(db);
};

const insertMedicationEvents = (db: Db, options: PatientDataOptions, seed: number) => {
  const r = (n: number) => draw("k.key", seed * 1000 + 200 + n);
  const doseRows = doses.map(
    (d) => `(${literal(medications[d.medication]!.frequency)}, ${d.medication}, ${d.slot}, ${d.minutes})`,
  );
  // Unwell days: more doses missed or skipped, and the as-needed antiemetic taken.
  const everyday = skipReasons.filter((reason) => reason !== "SIDE_EFFECTS" && reason !== "FEELING_UNWELL");
  return sql`
    WITH ${enrolments(options, seed)}
    INSERT INTO medication_events (program_id, patient_id, medication_id, client_id, status, taken_at, local_date,
      utc_offset_minutes, skip_reason, notes, received_at)
    SELECT pa.program_id, pa.patient_id, m.id, ${sql.raw(clientIdOf("k.key", seed))},
      CASE WHEN t.skip_reason IS NULL THEN 'LOGGED' ELSE 'SKIPPED' END,
      t.taken_at, a.local_date,
      (extract(epoch FROM t.local_ts - (t.taken_at AT TIME ZONE 'UTC')) / 60)::smallint,
      t.skip_reason,
      CASE WHEN t.skip_reason = 'OTHER' THEN 'At the hospital all day for scans.'
        WHEN dose.frequency = 'AS_NEEDED' AND a.unwell THEN 'Felt sick after lunch.' END,
      LEAST(t.taken_at + interval '3 minutes', ${options.now.toISOString()}::timestamptz)
    FROM patient pa
    CROSS JOIN (VALUES ${sql.raw(doseRows.join(", "))}) AS dose(frequency, medication, slot, minutes)
    -- the medications this seed gave the patient (found by their client id)
    JOIN patient_medications m ON m.patient_id = pa.patient_id
      AND m.client_id = ${sql.raw(clientIdOf("pa.ord * 100000 + 99990 + dose.medication", seed))}
    ${days}
    CROSS JOIN LATERAL (SELECT pa.ord * 100000 + d.day * 16 + dose.slot AS key) k
    CROSS JOIN LATERAL (SELECT ${sql.raw(r(1))} AS r1, ${sql.raw(r(2))} AS r2 OFFSET 0) b
    CROSS JOIN LATERAL (
      SELECT u.local_ts, u.local_ts AT TIME ZONE pa.zone AS taken_at,
        CASE WHEN dose.frequency <> 'AS_NEEDED' AND b.r1 < CASE WHEN a.unwell THEN 0.30 ELSE 0.08 END THEN
          CASE WHEN a.unwell THEN CASE WHEN b.r2 < 0.5 THEN 'FEELING_UNWELL' ELSE 'SIDE_EFFECTS' END
            ELSE (${sql.raw(textArray(everyday))})[1 + floor(b.r2 * ${sql.raw(String(everyday.length))})::int] END
        END AS skip_reason
      FROM (SELECT a.local_date + ${sql.raw(minutes("dose.minutes + b.r2 * 40"))} AS local_ts) u
      OFFSET 0
    ) t
    WHERE a.local_date >= m.start_date
      -- as needed: taken on unwell days and now and then; scheduled doses: some missed (no event at all)
      AND CASE WHEN dose.frequency = 'AS_NEEDED' THEN a.unwell OR b.r1 < 0.06
        ELSE b.r1 >= CASE WHEN a.unwell THEN 0.12 ELSE 0.04 END END
      AND t.taken_at >= pa.consented_at AND t.taken_at <= pa.until_at`.execute(db);
};

/**
 * Fills the logs, medications and medication events of the consented patients of the selection.
 * The severe-symptom counter follows through the trigger on patient_logs (a bulk load may disable
 * it and call recountSevereSymptoms afterwards).
 */
export const seedPatientData = async (db: Db, options: PatientDataOptions) => {
  const seed = options.seed ?? 1;
  const logs = await insertLogs(db, options, seed);
  const meds = await insertMedications(db, options, seed);
  const events = await insertMedicationEvents(db, options, seed);
  return {
    logs: Number(logs.numAffectedRows ?? 0),
    medications: Number(meds.numAffectedRows ?? 0),
    medicationEvents: Number(events.numAffectedRows ?? 0),
  };
};

/**
 * Sets every selected enrolment's severe_symptoms_count from the logs in one statement: what the
 * trigger keeps, rebuilt after a bulk load done with the trigger disabled.
 */
export const recountSevereSymptoms = async (db: Db, programIds?: readonly string[]) => {
  const filter = programIds ? sql`AND pp.program_id IN (${sql.join(programIds)})` : sql``;
  const logFilter = programIds ? sql`AND l.program_id IN (${sql.join(programIds)})` : sql``;
  const result = await sql`
    UPDATE program_patients pp SET severe_symptoms_count = COALESCE(c.n, 0)
    FROM program_patients p2
    LEFT JOIN (
      SELECT l.program_id, l.patient_id, count(*)::int AS n FROM patient_logs l
      WHERE l.is_danger AND l.validation_status IS NULL ${logFilter}
      GROUP BY l.program_id, l.patient_id
    ) c ON c.program_id = p2.program_id AND c.patient_id = p2.user_id
    WHERE p2.id = pp.id AND pp.severe_symptoms_count IS DISTINCT FROM COALESCE(c.n, 0) ${filter}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
};

/** Enrolments whose severe_symptoms_count differs from their open danger logs (0 when all agree). */
export const countSevereSymptomMismatches = async (db: Db, programIds?: readonly string[]) => {
  const filter = programIds ? sql`WHERE pp.program_id IN (${sql.join(programIds)})` : sql``;
  const { rows } = await sql<{ mismatches: number }>`
    SELECT count(*)::int AS mismatches FROM program_patients pp
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n FROM patient_logs l
      WHERE l.program_id = pp.program_id AND l.patient_id = pp.user_id AND l.is_danger AND l.validation_status IS NULL
    ) c ON true
    ${filter} ${programIds ? sql`AND` : sql`WHERE`} pp.severe_symptoms_count <> c.n`.execute(db);
  return Number(rows[0]?.mismatches ?? 0);
};

/** The trigger that keeps severe_symptoms_count, off for a bulk load and on again after it. */
export const setSevereSymptomsTrigger = async (db: Db, enabled: boolean) => {
  await sql
    .raw(`ALTER TABLE patient_logs ${enabled ? "ENABLE" : "DISABLE"} TRIGGER patient_logs_count_severe`)
    .execute(db);
};
