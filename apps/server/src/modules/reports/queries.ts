import { type LogClass, type LogItem, type MedicationEvent, skipReasonLabels } from "@openpro/core";
import { type RawBuilder, sql } from "kysely";
import { type Db, PREPARED } from "../../db/kysely.js";
import { JsonElements, JsonText, jsonArray } from "./json-text.js";

/**
 * An instant as the API writes it (UTC, milliseconds, Z, as Date#toISOString), rendered by the
 * database inside a JSON document so that Node passes it on instead of parsing it again.
 */
const isoInstantText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoInstant = (column: string) => sql.raw(isoInstantText(column));

/**
 * The SQL of the patient reports. Every statement over logs filters on
 * `patient_id = … AND logged_at` within the range widened by a day on each side (a calendar day
 * is the patient's own, from the offset their phone sent, so it can start 14 hours before or end
 * 12 hours after the UTC day), which the (patient_id, logged_at) index answers; `local_date` then
 * keeps exactly the days asked for. Aggregation runs here, never in JavaScript.
 */
export interface ReportRange {
  programId: string;
  patientId: string;
  /** First and last calendar day (YYYY-MM-DD), both included. */
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;
const instantBounds = (range: ReportRange) => ({
  from: new Date(Date.parse(`${range.startDate}T00:00:00Z`) - DAY_MS),
  to: new Date(Date.parse(`${range.endDate}T00:00:00Z`) + 2 * DAY_MS),
});

/** The logs of the range, as a WHERE clause on patient_logs (unqualified columns). */
const logsOfRange = (range: ReportRange) => {
  const { from, to } = instantBounds(range);
  return sql<boolean>`patient_id = ${range.patientId} AND program_id = ${range.programId}
    AND logged_at >= ${from} AND logged_at < ${to}
    AND local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date`;
};

/** Invalidated (Removed) logs count for nothing in charts, totals and calendar days. */
const live = sql`validation_status IS DISTINCT FROM 'Removed'`;
/** An activity log that is a step count rather than an activity (walking, cycling…). */
const isStepLog = sql`lower(coalesce(data->>'activityType', '')) = 'steps'`;
const steps = sql`(data->>'steps')::float8`;
const minutes = sql`(data->>'durationMinutes')::float8`;

/**
 * The patient as the reports and the pre-visit summary name them (their enrolment in the program,
 * erased or not), with the program's settings they use.
 */
export const findReportPatient = (db: Db, programId: string, userId: string) =>
  db
    .selectFrom("programPatients")
    .innerJoin("programs", "programs.id", "programPatients.programId")
    .select([
      "programs.name as programName",
      "programs.territory as programTerritory",
      "programs.populateNvAppointments as programPopulatesAppointments",
      "programs.temperatureMin as programTemperatureMin",
      "programs.temperatureMax as programTemperatureMax",
      "programPatients.userId",
      "programPatients.firstName",
      "programPatients.lastName",
      "programPatients.patientId",
      "programPatients.patientIdType",
      "programPatients.status",
      "programPatients.dateConsentGiven",
      "programPatients.dateConsentRevoked",
      "programPatients.erasedAt",
    ])
    .where("programPatients.programId", "=", programId)
    .where("programPatients.userId", "=", userId)
    .executeTakeFirst();
/** The patient's part of findReportPatient's row. */
export type ReportPatientRow = Omit<
  NonNullable<Awaited<ReturnType<typeof findReportPatient>>>,
  | "programName"
  | "programTerritory"
  | "programPopulatesAppointments"
  | "programTemperatureMin"
  | "programTemperatureMax"
>;

/** Every log of the range (invalidated ones too, for the history), oldest first. */
export const findLogsInRange = (db: Db, range: ReportRange) =>
  db.selectFrom("patientLogs").selectAll().where(logsOfRange(range)).orderBy("loggedAt").orderBy("id").execute();
export type LogRow = Awaited<ReturnType<typeof findLogsInRange>>[number];

/**
 * A calendar day of the range (days without logs too), classified as core's classifyDay does:
 * danger if a live symptom log is at a danger grade; logged if a live symptom or activity log
 * exists; acknowledged when it has live symptom logs and all are Acknowledged. With the day's
 * steps and average weight.
 */
export interface DayRow {
  date: string;
  danger: boolean;
  logged: boolean;
  acknowledged: boolean;
  steps: number | null;
  weightAvg: number | null;
}

export type SymptomBucket = "ALL" | "NEW" | "ACKNOWLEDGED" | "REMOVED";
/**
 * A symptom group: over the whole range (bucket ALL: counts, worst grade and danger over live
 * logs, items with the invalidated ones) or one status (NEW, ACKNOWLEDGED, REMOVED: over its own
 * logs), in one pass with grouping sets; most logged first, then the worst.
 */
export interface SymptomGroupRow {
  /** Its place in that order (1, 2…), which also names its items in ReportParts.groupItems. */
  ord: number;
  logTypeId: string;
  bucket: SymptomBucket;
  count: number;
  worstGrade: number;
  isDanger: boolean;
  grade0: number;
  grade1: number;
  grade2: number;
  grade3: number;
  grade4: number;
}

/**
 * The first (min) or last (max) calendar day with any log of the patient in the program, all
 * time. Offsets span at most 26 hours, so that day is among the logs of the first (last) 27
 * hours: two index probes instead of reading the whole history.
 */
const dataEdge = (owner: { programId: string; patientId: string }, fn: "min" | "max") => {
  const patient = sql`patient_id = ${owner.patientId} AND program_id = ${owner.programId}`;
  return sql<string | null>`(SELECT to_char(${sql.raw(fn)}(local_date), 'YYYY-MM-DD') FROM patient_logs
    WHERE ${patient} AND logged_at ${sql.raw(fn === "min" ? "<=" : ">=")}
      (SELECT ${sql.raw(fn)}(logged_at) FROM patient_logs WHERE ${patient})
      ${sql.raw(fn === "min" ? "+" : "-")} interval '27 hours')`;
};

/** The first and last calendar day with data (the patient header's date-range picker bounds). */
export const findReportBounds = async (db: Db, programId: string, patientId: string) =>
  (
    await sql<{ earliestDate: string | null; latestDate: string | null }>`
      SELECT ${dataEdge({ programId, patientId }, "min")} AS earliest_date,
        ${dataEdge({ programId, patientId }, "max")} AS latest_date`.execute(db)
  ).rows[0] ?? { earliestDate: null, latestDate: null };

/** Totals of the range's live logs (steps, activity minutes, weight). */
export interface RangeSummaryRow {
  stepsTotal: number;
  stepDays: number;
  activityMinutes: number;
  activityDays: number;
  weightAvg: number | null;
  weightCount: number;
  /** The five activities logged most: { activityType, count, totalMinutes }. */
  activities: { activityType: string; count: number; totalMinutes: number }[];
  /** First and last calendar day with any log of the patient in the program (all time). */
  earliestDate: string | null;
  latestDate: string | null;
}

export interface MedicationRow {
  id: string;
  name: string;
  dosage: string | null;
  dosageUnit: string | null;
  frequency: string;
  snomedId: string | null;
  startDate: string;
  endDate: string | null;
  /** Doses recorded per calendar day of the range. */
  recorded: { date: string; logged: number; skipped: number }[];
  events: {
    id: string;
    status: "LOGGED" | "SKIPPED";
    takenAt: string;
    localDate: string;
    skipReason: string | null;
    notes: string | null;
  }[];
}

/**
 * The medications taken during the range (or with doses recorded in it), each with its doses of
 * the range counted per day and (withEvents) listed, as a SELECT with camelCase columns.
 */
const medicationsOfRange = (range: ReportRange, withEvents = true) => {
  const { from, to } = instantBounds(range);
  const eventsOfRange = sql`e.patient_id = ${range.patientId} AND e.medication_id = m.id
    AND e.taken_at >= ${from} AND e.taken_at < ${to}
    AND e.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date`;
  return sql`
      SELECT m.id::text AS id, m.name, m.dosage, m.dosage_unit AS "dosageUnit", m.frequency, m.snomed_id AS "snomedId",
        to_char(m.start_date, 'YYYY-MM-DD') AS "startDate", to_char(m.end_date, 'YYYY-MM-DD') AS "endDate",
        coalesce((
          SELECT json_agg(json_build_object('date', d.day, 'logged', d.logged, 'skipped', d.skipped) ORDER BY d.day)
          FROM (SELECT to_char(e.local_date, 'YYYY-MM-DD') AS day,
                  count(*) FILTER (WHERE e.status = 'LOGGED') AS logged,
                  count(*) FILTER (WHERE e.status = 'SKIPPED') AS skipped
                FROM medication_events e WHERE ${eventsOfRange} GROUP BY e.local_date) d
        ), '[]') AS recorded${
          withEvents
            ? sql`,
        coalesce((
          SELECT json_agg(json_build_object('id', e.id, 'status', e.status, 'takenAt', ${isoInstant("e.taken_at")},
                   'localDate', to_char(e.local_date, 'YYYY-MM-DD'), 'skipReason', e.skip_reason, 'notes', e.notes)
                 ORDER BY e.taken_at, e.id)
          FROM medication_events e WHERE ${eventsOfRange}
        ), '[]') AS events`
            : sql``
        }
      FROM patient_medications m
      WHERE m.patient_id = ${range.patientId} AND m.program_id = ${range.programId}
        AND ((m.start_date <= ${range.endDate}::date AND (m.end_date IS NULL OR m.end_date >= ${range.startDate}::date))
          OR EXISTS (SELECT 1 FROM medication_events e WHERE ${eventsOfRange}))`;
};

/** The medications of the range (medicationsOfRange), by name. */
export const findMedications = async (db: Db, range: ReportRange) =>
  (await sql<MedicationRow>`${medicationsOfRange(range)} ORDER BY lower(m.name), m.id`.execute(db)).rows;

/**
 * A log as the API shows it (core's LogItem), built by the database: the report passes a thousand
 * of them on as they are instead of mapping each in Node. The same rule as logs' toLogItem (a
 * symptom's missing grade shows as 0; of the app's free-form data only the typed fields it
 * documents); "builds each log as toLogItem does" in reports.test.ts holds the two together.
 */
// Written by concatenation rather than json_build_object: the same JSON text (compact, keys in
// the API's order), in half the database's time per log and a tenth fewer bytes to pass on.
/** A nullable SQL value as JSON text (to_json escapes strings exactly as JSON requires). */
const jsonValue = (expression: string) => `coalesce(to_json(${expression})::text, 'null')`;
/** `,"key":value` when the app's free-form data holds that documented field with the right type. */
const typedField = (key: string, type: "string" | "number") =>
  `CASE WHEN jsonb_typeof(data->'${key}') = '${type}' THEN ',"${key}":' || (data->'${key}')::text ELSE '' END`;
const typedFields = [
  typedField("activityType", "string"),
  typedField("steps", "number"),
  typedField("durationMinutes", "number"),
  typedField("source", "string"),
  typedField("systolic", "number"),
  typedField("diastolic", "number"),
  typedField("pulse", "number"),
].join(" || ");
// Most logs carry no free-form data: those skip the look into it.
const logItem = sql.raw(`'{"logId":"' || id || '","logClass":' || ${jsonValue("log_class")}
  || ',"date":"' || ${isoInstantText("logged_at")} || '","localDate":"' || to_char(local_date, 'YYYY-MM-DD')
  || '","logTypeId":' || ${jsonValue("log_type_id")} || ',"validationStatus":' || ${jsonValue("validation_status")}
  || ',"validationReason":' || ${jsonValue("validation_reason")}
  || ',"level":' || CASE WHEN log_class = 'SYMPTOMS'
    THEN '{"grade":' || coalesce(grade, 0) || ',"isDanger":' || ${jsonValue("is_danger")} || '}' ELSE 'null' END
  || ',"data":{"grade":' || ${jsonValue("grade")} || ',"value":' || ${jsonValue("value")} || ',"unit":' || ${jsonValue("unit")}
  || ',"originalValue":' || ${jsonValue("original_value")} || ',"originalUnit":' || ${jsonValue("original_unit")}
  || ',"note":' || ${jsonValue("note")}
  || CASE WHEN data = '{}'::jsonb THEN '' ELSE ${typedFields} END || '}}'`);

/** A medication of the range as the report statement gives it: its doses per day, not listed. */
export type ReportMedicationRow = Omit<MedicationRow, "events">;

/** The small figures of the participant report, parsed in Node (core's rules take them). */
interface ReportHead {
  days: DayRow[];
  groups: (SymptomGroupRow & { positions: number[] })[];
  summary: RangeSummaryRow & { temperatures: number[]; weights: number[] };
  medications: ReportMedicationRow[];
  /** Positions of the logs of the classes asked for. */
  listed: number[];
}

/**
 * The participant report's parts as the statement gives them: the small figures, and the large
 * lists as the answer's own JSON text (camelCase, instants as the API writes them), passed on
 * without being parsed.
 */
export interface ReportParts {
  head: Omit<ReportHead, "listed">;
  /** The range's logs of the given classes, oldest first. */
  logs: JsonText<LogItem[]>;
  /** The live temperature and weight logs, oldest first. */
  temperatures: JsonText<LogItem[]>;
  weightItems: JsonText<LogItem[]>;
  /** Each symptom group's logs, oldest first, by the group's ord. */
  groupItems: ReadonlyMap<number, JsonText<LogItem[]>>;
  /**
   * The doses recorded, by medication and calendar day: the day's MedicationEvents in the order
   * taken (the same as medicationAdherence's for the daily report).
   */
  doses: ReadonlyMap<string, ReadonlyMap<string, JsonElements<MedicationEvent>>>;
}

/**
 * Every figure of the participant report in ONE statement and one round trip (measured: five
 * statements read the range's logs four times and cost about 1.5× the hand-written statement of
 * the benchmark). The logs of the range are read once, by one index range on
 * (patient_id, logged_at), materialised with each one's LogItem; the calendar days, symptom
 * groups, range totals and medications are computed from them (rules on DayRow, SymptomGroupRow
 * and RangeSummaryRow). Each log's LogItem and each day's doses leave as JSON text that Node
 * splices into the answer (parsing and writing them again cost several ms of Node per 6-month
 * report); each log's text is sent once, and the lists that hold it (the range's logs, a symptom
 * group's items, temperatures, weights) name it by its position. Only logs of `logClasses` are
 * listed (the caller's visibility rule decides which).
 */
/**
 * Logs per row of the statement's answer: a few tens of kB a row, where one row of every log of
 * six months (~300 kB) would be decoded into one string the size of the garbage collector's large
 * objects, collected only by its full collections.
 */
const LOGS_PER_ROW = 100;

export const findParticipantReportParts = async (
  db: Db,
  range: ReportRange,
  options: { byStatus: boolean; logClasses: readonly LogClass[] },
): Promise<ReportParts> => {
  // The range-wide groups count live logs; the split ones their bucket's own logs.
  const either = (filter: RawBuilder<unknown>, aggregate: (where: RawBuilder<unknown>) => RawBuilder<unknown>) =>
    sql`CASE WHEN GROUPING(bucket) = 1 THEN ${aggregate(sql`${filter} AND live`)} ELSE ${aggregate(filter)} END`;
  const count = (filter: RawBuilder<unknown>) => either(filter, (where) => sql`count(*) FILTER (WHERE ${where})`);
  const grade = (g: number) => count(sql`coalesce(grade, 0) = ${sql.lit(g)}`);
  const { from, to } = instantBounds(range);
  const positions = (where: RawBuilder<unknown>) =>
    sql`coalesce(array_agg(n ORDER BY n) FILTER (WHERE ${where}), '{}')`;
  // Each log's JSON text leaves in position order, one per line, LOGS_PER_ROW to a row: JSON text
  // never holds a raw line break (one in a string is written as an escape), so line breaks divide
  // them safely.
  // Prepared: its planning was a tenth of its time, on every dashboard opened.
  const { rows } = await sql<{ part: string; key: string | null; day: string | null; body: string }>`${PREPARED}
    WITH l AS MATERIALIZED (
      SELECT id, log_class, logged_at, local_date, log_type_id, grade, is_danger, value, data, validation_status,
        ${live} AS live, log_class = 'ACTIVITY' AND NOT ${isStepLog} AS is_activity, ${logItem} AS item,
        row_number() OVER (ORDER BY logged_at, id) - 1 AS n
      FROM patient_logs
      WHERE ${logsOfRange(range)}
    ),
    per_day AS (
      SELECT local_date,
        bool_or(live AND log_class = 'SYMPTOMS' AND is_danger) AS danger,
        bool_or(live AND log_class IN ('SYMPTOMS', 'ACTIVITY')) AS logged,
        count(*) FILTER (WHERE live AND log_class = 'SYMPTOMS') AS symptom_logs,
        count(*) FILTER (WHERE validation_status = 'Acknowledged' AND log_class = 'SYMPTOMS') AS acknowledged_logs,
        sum(${steps}) FILTER (WHERE live AND log_class = 'ACTIVITY') AS steps,
        avg(value) FILTER (WHERE live AND log_class = 'WEIGHT') AS weight_avg
      FROM l GROUP BY local_date
    ),
    groups AS (
      SELECT row_number() OVER (ORDER BY bucket, count DESC, "worstGrade" DESC, "logTypeId") AS ord, g.*
      FROM (
        SELECT log_type_id AS "logTypeId",
          CASE WHEN GROUPING(bucket) = 1 THEN 'ALL' ELSE bucket END AS bucket,
          ${count(sql`true`)} AS count,
          coalesce(${either(sql`true`, (where) => sql`max(coalesce(grade, 0)) FILTER (WHERE ${where})`)}, 0) AS "worstGrade",
          coalesce(${either(sql`true`, (where) => sql`bool_or(is_danger) FILTER (WHERE ${where})`)}, false) AS "isDanger",
          ${grade(0)} AS grade0, ${grade(1)} AS grade1, ${grade(2)} AS grade2, ${grade(3)} AS grade3, ${grade(4)} AS grade4,
          array_agg(n ORDER BY n) AS positions
        FROM (
          SELECT n, log_type_id, grade, is_danger, live,
            CASE validation_status WHEN 'Acknowledged' THEN 'ACKNOWLEDGED' WHEN 'Removed' THEN 'REMOVED' ELSE 'NEW' END AS bucket
          FROM l WHERE log_class = 'SYMPTOMS' AND log_type_id IS NOT NULL
        ) s
        GROUP BY GROUPING SETS ((log_type_id), (log_type_id, bucket))
        ${options.byStatus ? sql`` : sql`HAVING GROUPING(bucket) = 1`}
      ) g
    ),
    summary AS (
      SELECT
        coalesce(sum(${steps}) FILTER (WHERE log_class = 'ACTIVITY'), 0) AS "stepsTotal",
        count(DISTINCT local_date) FILTER (WHERE log_class = 'ACTIVITY' AND ${steps} IS NOT NULL) AS "stepDays",
        coalesce(sum(${minutes}) FILTER (WHERE is_activity), 0) AS "activityMinutes",
        count(DISTINCT local_date) FILTER (WHERE is_activity) AS "activityDays",
        avg(value) FILTER (WHERE log_class = 'WEIGHT') AS "weightAvg",
        count(*) FILTER (WHERE log_class = 'WEIGHT') AS "weightCount",
        ${positions(sql`log_class = 'TEMPERATURE'`)} AS temperatures,
        ${positions(sql`log_class = 'WEIGHT'`)} AS weights,
        (SELECT coalesce(json_agg(json_build_object('activityType', a.activity_type, 'count', a.n, 'totalMinutes', a.total)
                   ORDER BY a.n DESC, a.total DESC, a.activity_type), '[]')
           FROM (SELECT data->>'activityType' AS activity_type, count(*) AS n, coalesce(sum(${minutes}), 0) AS total
                 FROM l WHERE live AND is_activity GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 LIMIT 5) a) AS activities,
        ${dataEdge(range, "min")} AS "earliestDate",
        ${dataEdge(range, "max")} AS "latestDate"
      FROM l WHERE live
    ),
    medications AS (${medicationsOfRange(range, false)}
    ),
    doses AS (
      SELECT e.medication_id::text AS medication_id, to_char(e.local_date, 'YYYY-MM-DD') AS day,
        string_agg('{"medicationEventId":"' || e.id || '","medicationId":"' || e.medication_id
            || '","status":' || to_json(e.status)::text || ',"date":"' || ${isoInstant("e.taken_at")}
            || '","notes":' || CASE WHEN e.status = 'LOGGED' THEN ${sql.raw(jsonValue("e.notes"))} ELSE 'null' END
            || ',"skipReasonNotes":' || CASE WHEN e.status = 'SKIPPED' THEN ${sql.raw(jsonValue("e.notes"))} ELSE 'null' END
            || ',"displaySkipReasonType":' || CASE WHEN e.skip_reason <> ''
              THEN to_json(coalesce(${JSON.stringify(skipReasonLabels)}::jsonb ->> e.skip_reason, e.skip_reason))::text
              ELSE 'null' END
            || ',"displayMedication":' || display.text || '}', ',' ORDER BY e.taken_at, e.id) AS events
      FROM patient_medications m
      -- The medication as each of its events names it, written once.
      CROSS JOIN LATERAL (SELECT '{"name":' || ${sql.raw(jsonValue("m.name"))} || ',"dosage":' || ${sql.raw(jsonValue("m.dosage"))}
        || ',"dosageUnit":' || ${sql.raw(jsonValue("m.dosage_unit"))} || ',"snomedId":' || ${sql.raw(jsonValue("m.snomed_id"))}
        || '}' AS text) display
      JOIN medication_events e ON e.medication_id = m.id
      WHERE m.patient_id = ${range.patientId} AND m.program_id = ${range.programId}
        AND e.patient_id = ${range.patientId} AND e.taken_at >= ${from} AND e.taken_at < ${to}
        AND e.local_date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
      GROUP BY e.medication_id, e.local_date
    )
    SELECT 'head' AS part, NULL AS key, NULL AS day, json_build_object(
      'days', (SELECT json_agg(json_build_object('date', to_char(d, 'YYYY-MM-DD'),
          'danger', coalesce(p.danger, false), 'logged', coalesce(p.logged, false),
          'acknowledged', coalesce(p.symptom_logs > 0 AND p.acknowledged_logs = p.symptom_logs, false),
          'steps', p.steps, 'weightAvg', p.weight_avg) ORDER BY d)
        FROM generate_series(${range.startDate}::timestamp, ${range.endDate}::timestamp, interval '1 day') AS d
        LEFT JOIN per_day p ON p.local_date = d::date),
      'groups', (SELECT coalesce(json_agg(json_build_object('ord', ord, 'logTypeId', "logTypeId", 'bucket', bucket,
          'count', count, 'worstGrade', "worstGrade", 'isDanger', "isDanger", 'grade0', grade0, 'grade1', grade1,
          'grade2', grade2, 'grade3', grade3, 'grade4', grade4, 'positions', positions) ORDER BY ord), '[]')
        FROM groups),
      'summary', (SELECT json_build_object('stepsTotal', "stepsTotal", 'stepDays', "stepDays",
          'activityMinutes', "activityMinutes", 'activityDays', "activityDays", 'weightAvg', "weightAvg",
          'weightCount', "weightCount", 'activities', activities, 'earliestDate', "earliestDate",
          'latestDate', "latestDate", 'temperatures', temperatures, 'weights', weights) FROM summary),
      'medications', (SELECT coalesce(json_agg(m ORDER BY lower(m.name), m.id), '[]') FROM medications m),
      'listed', (SELECT coalesce(array_agg(n ORDER BY n), '{}') FROM l WHERE log_class = ANY(${options.logClasses}::text[]))
    )::text AS body
    UNION ALL SELECT 'logs', (n / ${sql.lit(LOGS_PER_ROW)})::text, NULL, string_agg(item, E'\\n' ORDER BY n) FROM l GROUP BY n / ${sql.lit(LOGS_PER_ROW)}
    UNION ALL SELECT 'doses', medication_id, day, events FROM doses`.execute(db);
  let head: ReportHead | undefined;
  const logRuns: { first: number; texts: string[] }[] = [];
  const doses = new Map<string, Map<string, JsonElements<MedicationEvent>>>();
  for (const row of rows) {
    // Sent as text and parsed here: its keys are the API's already, and the camel-case plugin would walk them again.
    if (row.part === "head") head = JSON.parse(row.body) as ReportHead;
    else if (row.part === "logs") logRuns.push({ first: Number(row.key) * LOGS_PER_ROW, texts: row.body.split("\n") });
    else if (row.part === "doses") {
      const days = doses.get(row.key!) ?? new Map<string, JsonElements<MedicationEvent>>();
      doses.set(row.key!, days.set(row.day!, new JsonElements(row.body)));
    }
  }
  const logTexts: string[] = [];
  for (const run of logRuns) for (let i = 0; i < run.texts.length; i++) logTexts[run.first + i] = run.texts[i]!;
  const { listed, ...figures } = head!;
  const logsAt = (at: readonly number[]) => jsonArray(at.map((n) => new JsonText<LogItem>(logTexts[n]!)));
  return {
    head: figures,
    logs: logsAt(listed),
    temperatures: logsAt(figures.summary.temperatures),
    weightItems: logsAt(figures.summary.weights),
    groupItems: new Map(figures.groups.map((g) => [g.ord, logsAt(g.positions)])),
    doses,
  };
};
