import { consentedStatuses } from "@openpro/core";
import { type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type {
  Database,
  FhirExportsTable,
  NurseVisitAppointmentsTable,
  PatientMedicationsTable,
} from "../../db/schema.js";
import { reachesProgramOfId } from "../../db/team-membership.js";

/**
 * The SQL of the FHIR API. Every finder takes one filter: the reach of the actor (the programs
 * of their teams, as the patients search decides it, or everything for admin roles), optionally
 * one program and patient, date and _lastUpdated comparisons, and a page (offset for searches,
 * keyset for the bulk export so that a program streams in constant memory). Patient data is only
 * read for enrolments that have a dashboard (consented, even if withdrawn since or completed).
 */

export type Comparison = { op: ">=" | ">" | "<=" | "<"; at: Date } | { op: "outside"; at: Date; until: Date };

/** An Observation `code` a search names: a log class, and for a symptom its MedDRA code. */
export interface ObservationCode {
  logClass: string;
  logTypeId?: string;
}

/** A Patient `identifier` a search names (search-params.ts reads the system into these). */
export interface IdentifierMatch {
  value: string;
  /** The enrolment's patient id types it may be (null: any). */
  types: string[] | null;
  territoryIsNot?: string;
  /** A hospital number: the system its organisation set, or our default for the organisation. */
  hospitalSystem?: string;
}

export interface Cursor {
  at: Date;
  id: string;
}

export interface Filter {
  /** null: every program (admin roles); else the user whose teams limit the answer. */
  memberUserId: string | null;
  programId?: string;
  /** The patient's user id (with programId). */
  patientUserId?: string;
  id?: string;
  date?: Comparison[];
  lastUpdated?: Comparison[];
  /** Observation: the log classes the actor may see. */
  logClasses?: readonly string[];
  /** Observation `code`: any of these (an empty list matches nothing). */
  codes?: ObservationCode[];
  /** Patient `identifier`: any of these. */
  identifiers?: IdentifierMatch[];
  /** Patient `name` / `family` / `given`: every list has a prefix that matches (case-insensitive). */
  names?: string[][];
  families?: string[][];
  givens?: string[][];
  birthDate?: Comparison[];
  limit: number;
  offset?: number;
  after?: Cursor;
  /** Count the matches instead (Bundle.total): the finder answers one row `{ total }`. */
  count?: true;
}

/** The row's program is in the user's reach (null: every program), as platform/access isProgramInReach counts it. */
const inReach = (programColumn: string, userId: string | null): RawBuilder<boolean> =>
  userId === null ? sql<boolean>`true` : sql<boolean>`${reachesProgramOfId(sql.ref(programColumn), userId)}`;

const compare = (expression: RawBuilder<unknown>, comparisons: Comparison[] | undefined) =>
  (comparisons ?? []).map((c) =>
    c.op === "outside"
      ? sql<boolean>`(${expression} < ${c.at} OR ${expression} >= ${c.until})`
      : sql<boolean>`${expression} ${sql.raw(c.op)} ${c.at}`,
  );

/** Any of the lists' prefixes starts one of the columns, for every list (FHIR string search). */
const startsWith = (columns: RawBuilder<unknown>[], lists: string[][] | undefined): RawBuilder<boolean>[] =>
  (lists ?? []).map(
    (prefixes) =>
      sql<boolean>`(${sql.join(
        prefixes.flatMap((p) => columns.map((c) => sql`starts_with(lower(${c}), ${p.toLowerCase()})`)),
        sql` OR `,
      )})`,
  );

const identifierCondition = (m: IdentifierMatch): RawBuilder<boolean> => {
  const parts: RawBuilder<boolean>[] = [
    m.types?.includes("social_security_number") || m.types?.includes("nhs_number")
      ? sql<boolean>`regexp_replace(program_patients.patient_id, '[[:space:].-]', '', 'g') = ${m.value}`
      : sql<boolean>`program_patients.patient_id = ${m.value}`,
  ];
  if (m.types) parts.push(sql<boolean>`program_patients.patient_id_type IN (${sql.join(m.types)})`);
  if (m.territoryIsNot) parts.push(sql<boolean>`programs.territory <> ${m.territoryIsNot}`);
  if (m.hospitalSystem)
    parts.push(sql<boolean>`coalesce(organisations.fhir_hospital_number_system,
      'urn:openpro:organisation:' || organisations.id || ':mrn') = ${m.hospitalSystem}`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
};

// biome-ignore lint/suspicious/noExplicitAny: the builder's row type differs per finder; only where() is used.
type AnyQuery = SelectQueryBuilder<Database, any, any>;

/**
 * The conditions every finder shares, then its order and page. `sortAt` and `id` name the columns
 * of the order (the keyset of the bulk export); `lastUpdated` the expression of meta.lastUpdated.
 */
const applyFilter = <Q extends AnyQuery>(
  query: Q,
  filter: Filter,
  columns: {
    /** The resource's table: its rows' program is its program_id, their id its id. */
    table: string;
    sortAt: RawBuilder<unknown>;
    date?: RawBuilder<unknown>;
    lastUpdated: RawBuilder<unknown>;
  },
): Q => {
  const program = `${columns.table}.program_id`;
  const id = `${columns.table}.id`;
  const conditions: RawBuilder<boolean>[] = [inReach(program, filter.memberUserId)];
  if (filter.programId) conditions.push(sql<boolean>`${sql.ref(program)} = ${filter.programId}`);
  if (filter.id) conditions.push(sql<boolean>`${sql.ref(id)} = ${filter.id}`);
  if (columns.date) conditions.push(...compare(columns.date, filter.date));
  conditions.push(...compare(columns.lastUpdated, filter.lastUpdated));
  if (filter.after)
    conditions.push(sql<boolean>`(${columns.sortAt}, ${sql.ref(id)}) > (${filter.after.at}, ${filter.after.id})`);
  let q = query.select(sql<Date>`${columns.sortAt}`.as("sortAt")) as Q;
  for (const condition of conditions) q = q.where(condition) as Q;
  if (filter.count) return q.clearSelect().select(sql<string>`count(*)`.as("total")) as Q;
  q = q
    .orderBy(columns.sortAt as never)
    .orderBy(sql.ref(id) as never)
    .limit(filter.limit) as Q;
  if (filter.offset) q = q.offset(filter.offset) as Q;
  return q;
};

/** Joins the enrolment (the FHIR Patient) of a data row, if it has a dashboard. */
const withEnrolment = (
  table:
    | "patient_logs"
    | "patient_medications"
    | "medication_events"
    | "questionnaire_events"
    | "nurse_visit_appointments",
) =>
  sql<boolean>`pp.program_id = ${sql.ref(`${table}.program_id`)} AND pp.user_id = ${sql.ref(`${table}.patient_id`)}
    AND pp.status IN (${sql.join([...consentedStatuses])})`;

const patientOf = (filter: Filter, table: string) =>
  filter.patientUserId ? sql<boolean>`${sql.ref(`${table}.patient_id`)} = ${filter.patientUserId}` : sql<boolean>`true`;

/** How many rows a finder matches, whatever the page (`_total=accurate`). */
export const countMatches = async (find: (db: Db, filter: Filter) => Promise<unknown[]>, db: Db, filter: Filter) => {
  const [row] = (await find(db, { ...filter, count: true, limit: 1, offset: 0 })) as { total?: string | number }[];
  return Number(row?.total ?? 0);
};

// Patient ---------------------------------------------------------------------------------------

export interface PatientRow {
  id: string;
  sortAt: Date;
  programId: string;
  programName: string;
  organisationId: string;
  /** The program's territory: reads a "social security number" as a US SSN or a Swiss AHV number. */
  territory: string | null;
  /** The URI the organisation set for its hospital numbers (null: our default). */
  hospitalNumberSystem: string | null;
  userId: string;
  firstName: string;
  lastName: string;
  inviteEmail: string;
  consentedEmail: string | null;
  patientId: string | null;
  patientIdType: string | null;
  status: string;
  dob: string | null;
  sex: string | null;
  /** Personal data erased (migration 0017): the Patient carries no name, contact or identifier. */
  erasedAt: Date | null;
  birthYear: number | null;
  lastUpdated: Date;
}

const patientUpdated = sql`greatest(program_patients.created_at, program_patients.date_consent_given,
  program_patients.date_consent_revoked, program_patients.erased_at, users.updated_at)`;

/** identifier, name, family, given and birthdate, all of them (an erased enrolment has none of these to match). */
const patientSearch = (filter: Filter): RawBuilder<boolean> => {
  const first = sql`program_patients.first_name`;
  const last = sql`program_patients.last_name`;
  const conditions = [
    ...(filter.identifiers?.length
      ? [sql<boolean>`(${sql.join(filter.identifiers.map(identifierCondition), sql` OR `)})`]
      : []),
    ...startsWith([first, last], filter.names),
    ...startsWith([last], filter.families),
    ...startsWith([first], filter.givens),
    ...compare(sql`(${sql.ref(patientBirthDate)})::timestamp AT TIME ZONE 'UTC'`, filter.birthDate),
  ];
  if (!conditions.length) return sql<boolean>`true`;
  const erased = filter.identifiers || filter.names || filter.families || filter.givens || filter.birthDate?.length;
  return sql<boolean>`(${sql.join(conditions, sql` AND `)}${erased ? sql` AND program_patients.erased_at IS NULL` : sql``})`;
};

/** The column of the birth date a Patient shows (what findPatients selects as dob: what the patient gave this program). */
const patientBirthDate = "program_patients.dob";

export const findPatients = (db: Db, filter: Filter): Promise<PatientRow[]> => {
  const base = db
    .selectFrom("programPatients")
    .innerJoin("users", "users.id", "programPatients.userId")
    .innerJoin("programs", "programs.id", "programPatients.programId")
    .innerJoin("organisations", "organisations.id", "programs.organisationId")
    .select([
      "programPatients.id",
      "programPatients.programId",
      "programs.name as programName",
      "programs.organisationId",
      "programs.territory",
      "organisations.fhirHospitalNumberSystem as hospitalNumberSystem",
      "programPatients.userId",
      "programPatients.firstName",
      "programPatients.lastName",
      "programPatients.inviteEmail",
      "programPatients.consentedEmail",
      "programPatients.patientId",
      "programPatients.patientIdType",
      "programPatients.status",
      // What the patient gave this program, never the account's (security issue 29 §1).
      "programPatients.dob",
      "programPatients.sex",
      "programPatients.erasedAt",
      "programPatients.birthYear",
      patientUpdated.as("lastUpdated"),
    ])
    .where(filter.patientUserId ? sql<boolean>`program_patients.user_id = ${filter.patientUserId}` : sql<boolean>`true`)
    .where(patientSearch(filter));
  return applyFilter(base, filter, {
    table: "program_patients",
    sortAt: sql`program_patients.created_at`,
    lastUpdated: patientUpdated,
  }).execute() as Promise<PatientRow[]>;
};

/** One enrolment by its id (the FHIR Patient id), whatever the reach: the service checks it. */
export const findEnrolment = (db: Db, id: string) =>
  db
    .selectFrom("programPatients")
    .select(["id", "programId", "userId", "status"])
    .where("id", "=", id)
    .executeTakeFirst();

// Observation -----------------------------------------------------------------------------------

/** What every row of patient data carries: its Patient (enrolment), program, patient and keyset position. */
export interface DataRow {
  id: string;
  enrolmentId: string;
  programId: string;
  patientUserId: string;
  sortAt: Date;
}

export interface LogRow extends DataRow {
  logClass: string;
  loggedAt: Date;
  utcOffsetMinutes: number;
  logTypeId: string | null;
  grade: number | null;
  isDanger: boolean;
  value: number | null;
  unit: string | null;
  data: Record<string, unknown>;
  note: string | null;
  validationStatus: "Acknowledged" | "Removed" | null;
  lastUpdated: Date;
}

/** The log classes FHIR serves as Observation; ACTIVITY only for step counts. */
export const observationClasses = [
  "SYMPTOMS",
  "TEMPERATURE",
  "WEIGHT",
  "ACTIVITY",
  "SLEEP",
  "NUTRITION",
  "FEELING",
  "MOOD",
  "BLOOD_PRESSURE",
] as const;
const logUpdated = sql`greatest(patient_logs.received_at, patient_logs.validated_at)`;

const codeCondition = (codes: ObservationCode[] | undefined): RawBuilder<boolean> => {
  if (!codes) return sql<boolean>`true`;
  if (!codes.length) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    codes.map((c) =>
      c.logTypeId
        ? sql`(patient_logs.log_class = ${c.logClass} AND patient_logs.log_type_id = ${c.logTypeId})`
        : sql`patient_logs.log_class = ${c.logClass}`,
    ),
    sql` OR `,
  )})`;
};

export const findLogs = (db: Db, filter: Filter): Promise<LogRow[]> => {
  const classes = filter.logClasses ?? observationClasses;
  const base = db
    .selectFrom("patientLogs")
    .innerJoin("programPatients as pp", (join) => join.on(withEnrolment("patient_logs")))
    .select([
      "patientLogs.id",
      "pp.id as enrolmentId",
      "pp.programId",
      "pp.userId as patientUserId",
      "patientLogs.logClass",
      "patientLogs.loggedAt",
      "patientLogs.utcOffsetMinutes",
      "patientLogs.logTypeId",
      "patientLogs.grade",
      "patientLogs.isDanger",
      "patientLogs.value",
      "patientLogs.unit",
      "patientLogs.data",
      "patientLogs.note",
      "patientLogs.validationStatus",
      logUpdated.as("lastUpdated"),
    ])
    .where("patientLogs.logClass", "in", classes.length ? [...classes] : ["-"])
    .where(
      sql<boolean>`(patient_logs.log_class <> 'ACTIVITY' OR lower(coalesce(patient_logs.data->>'activityType', '')) = 'steps')`,
    )
    .where(patientOf(filter, "patient_logs"))
    .where(codeCondition(filter.codes));
  return applyFilter(base, filter, {
    table: "patient_logs",
    sortAt: sql`patient_logs.logged_at`,
    date: sql`patient_logs.logged_at`,
    lastUpdated: logUpdated,
  }).execute() as Promise<LogRow[]>;
};

// MedicationStatement / MedicationAdministration ---------------------------------------------------

export interface MedicationRow
  extends DataRow,
    Pick<
      Selectable<PatientMedicationsTable>,
      "name" | "dosage" | "dosageUnit" | "frequency" | "snomedId" | "startDate" | "endDate"
    > {
  lastUpdated: Date;
}

const medicationStart = sql`(patient_medications.start_date::timestamp AT TIME ZONE 'UTC')`;

export const findMedications = (db: Db, filter: Filter): Promise<MedicationRow[]> => {
  const base = db
    .selectFrom("patientMedications")
    .innerJoin("programPatients as pp", (join) => join.on(withEnrolment("patient_medications")))
    .select([
      "patientMedications.id",
      "pp.id as enrolmentId",
      "pp.programId",
      "pp.userId as patientUserId",
      "patientMedications.name",
      "patientMedications.dosage",
      "patientMedications.dosageUnit",
      "patientMedications.frequency",
      "patientMedications.snomedId",
      sql<string>`to_char(patient_medications.start_date, 'YYYY-MM-DD')`.as("startDate"),
      sql<string | null>`to_char(patient_medications.end_date, 'YYYY-MM-DD')`.as("endDate"),
      "patientMedications.updatedAt as lastUpdated",
    ])
    .where(patientOf(filter, "patient_medications"));
  return applyFilter(base, filter, {
    table: "patient_medications",
    sortAt: medicationStart,
    date: medicationStart,
    lastUpdated: sql`patient_medications.updated_at`,
  }).execute() as Promise<MedicationRow[]>;
};

export interface MedicationEventRow extends DataRow {
  medicationId: string;
  status: "LOGGED" | "SKIPPED";
  takenAt: Date;
  skipReason: string | null;
  notes: string | null;
  name: string;
  dosage: string | null;
  dosageUnit: string | null;
  snomedId: string | null;
  lastUpdated: Date;
}

export const findMedicationEvents = (db: Db, filter: Filter): Promise<MedicationEventRow[]> => {
  const base = db
    .selectFrom("medicationEvents")
    .innerJoin("patientMedications as m", "m.id", "medicationEvents.medicationId")
    .innerJoin("programPatients as pp", (join) => join.on(withEnrolment("medication_events")))
    .select([
      "medicationEvents.id",
      "pp.id as enrolmentId",
      "pp.programId",
      "pp.userId as patientUserId",
      "medicationEvents.medicationId",
      "medicationEvents.status",
      "medicationEvents.takenAt",
      "medicationEvents.skipReason",
      "medicationEvents.notes",
      "m.name",
      "m.dosage",
      "m.dosageUnit",
      "m.snomedId",
      "medicationEvents.receivedAt as lastUpdated",
    ])
    .where(patientOf(filter, "medication_events"));
  return applyFilter(base, filter, {
    table: "medication_events",
    sortAt: sql`medication_events.taken_at`,
    date: sql`medication_events.taken_at`,
    lastUpdated: sql`medication_events.received_at`,
  }).execute() as Promise<MedicationEventRow[]>;
};

// Questionnaire / QuestionnaireResponse -----------------------------------------------------------

export interface QuestionnaireTypeRow {
  id: string;
  sortAt?: Date;
  programId: string | null;
  kind: "hardcoded" | "custom";
  code: string | null;
  name: string;
  specification: unknown;
  lastUpdated: Date;
}

const typeColumns = [
  "questionnaireTypes.id",
  "questionnaireTypes.programId",
  "questionnaireTypes.kind",
  "questionnaireTypes.code",
  "questionnaireTypes.name",
  "questionnaireTypes.specification",
  "questionnaireTypes.updatedAt as lastUpdated",
] as const;

/** The licensed instruments (no program) and the custom questionnaires of programs in reach. */
export const findQuestionnaireTypes = (db: Db, filter: Filter): Promise<QuestionnaireTypeRow[]> => {
  let base = db.selectFrom("questionnaireTypes").select(typeColumns).where("questionnaireTypes.deletedAt", "is", null);
  const reachFilter: Filter = { ...filter, memberUserId: null, programId: undefined };
  base = base.where((eb) =>
    eb.or([
      eb("questionnaireTypes.programId", "is", null),
      eb.and([
        inReach("questionnaire_types.program_id", filter.memberUserId),
        filter.programId ? eb("questionnaireTypes.programId", "=", filter.programId) : sql<boolean>`true`,
      ]),
    ]),
  );
  return applyFilter(base, reachFilter, {
    table: "questionnaire_types",
    sortAt: sql`questionnaire_types.created_at`,
    lastUpdated: sql`questionnaire_types.updated_at`,
  }).execute() as Promise<QuestionnaireTypeRow[]>;
};

/** Questionnaire types by id, whatever their state (a response names the one it answered). */
export const findQuestionnaireTypesById = (db: Db, ids: string[]): Promise<QuestionnaireTypeRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : (db
        .selectFrom("questionnaireTypes")
        .select(typeColumns)
        .where("questionnaireTypes.id", "in", ids)
        .execute() as Promise<QuestionnaireTypeRow[]>);

export interface ResponseRow extends DataRow {
  questionnaireTypeId: string;
  state: "IN_PROGRESS" | "COMPLETED";
  authored: Date;
  lastUpdated: Date;
}

const responseAuthored = sql`coalesce(questionnaire_events.completed_at, questionnaire_events.started_at, questionnaire_events.created_at)`;

export const findResponses = (db: Db, filter: Filter): Promise<ResponseRow[]> => {
  const base = db
    .selectFrom("questionnaireEvents")
    .innerJoin("programPatients as pp", (join) => join.on(withEnrolment("questionnaire_events")))
    .select([
      "questionnaireEvents.id",
      "pp.id as enrolmentId",
      "pp.programId",
      "pp.userId as patientUserId",
      "questionnaireEvents.questionnaireTypeId",
      "questionnaireEvents.state",
      responseAuthored.as("authored"),
      responseAuthored.as("lastUpdated"),
    ])
    .where("questionnaireEvents.state", "in", ["IN_PROGRESS", "COMPLETED"])
    .where(patientOf(filter, "questionnaire_events"));
  return applyFilter(base, filter, {
    table: "questionnaire_events",
    sortAt: responseAuthored,
    date: responseAuthored,
    lastUpdated: responseAuthored,
  }).execute() as Promise<ResponseRow[]>;
};

export interface AnswerRow {
  eventId: string;
  questionId: string;
  value: unknown;
  skipped: boolean;
}

export const findAnswers = (db: Db, eventIds: string[]): Promise<AnswerRow[]> =>
  eventIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("questionnaireAnswers")
        .select(["eventId", "questionId", "value", "skipped"])
        .where("eventId", "in", eventIds)
        .orderBy("eventId")
        .orderBy("answeredAt")
        .execute();

// Appointment -----------------------------------------------------------------------------------

export interface AppointmentRow
  extends DataRow,
    Pick<
      Selectable<NurseVisitAppointmentsTable>,
      "appointmentType" | "date" | "isDraft" | "mode" | "status" | "withWhom" | "startsAt" | "endsAt"
    > {
  lastUpdated: Date;
}

export const findAppointments = (db: Db, filter: Filter): Promise<AppointmentRow[]> => {
  const base = db
    .selectFrom("nurseVisitAppointments")
    .innerJoin("programPatients as pp", (join) => join.on(withEnrolment("nurse_visit_appointments")))
    .innerJoin("programs", "programs.id", "nurseVisitAppointments.programId")
    .select([
      "nurseVisitAppointments.id",
      "pp.id as enrolmentId",
      "pp.programId",
      "pp.userId as patientUserId",
      "nurseVisitAppointments.appointmentType",
      sql<string>`to_char(nurse_visit_appointments.date, 'YYYY-MM-DD')`.as("date"),
      "nurseVisitAppointments.isDraft",
      "nurseVisitAppointments.mode",
      "nurseVisitAppointments.status",
      "nurseVisitAppointments.withWhom",
      "nurseVisitAppointments.startsAt",
      "nurseVisitAppointments.endsAt",
      "nurseVisitAppointments.updatedAt as lastUpdated",
    ])
    // Appointments are data only where the program records them.
    .where("programs.populateNvAppointments", "=", true)
    .where(patientOf(filter, "nurse_visit_appointments"));
  return applyFilter(base, filter, {
    table: "nurse_visit_appointments",
    sortAt: sql`nurse_visit_appointments.starts_at`,
    date: sql`nurse_visit_appointments.starts_at`,
    lastUpdated: sql`nurse_visit_appointments.updated_at`,
  }).execute() as Promise<AppointmentRow[]>;
};

// Bulk exports ----------------------------------------------------------------------------------

export type ExportRow = Omit<FhirExportsTable, "id" | "since" | "createdAt" | "startedAt" | "completedAt"> & {
  id: string;
  since: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
};

export const insertExport = async (
  db: Db,
  values: {
    programId: string;
    requestedBy: string;
    requestUrl: string;
    resourceTypes: string[];
    since: Date | null;
    now: Date;
  },
): Promise<string> =>
  (
    await db
      .insertInto("fhirExports")
      .values({
        programId: values.programId,
        requestedBy: values.requestedBy,
        requestUrl: values.requestUrl,
        resourceTypes: values.resourceTypes,
        since: values.since,
        status: "QUEUED",
        progress: null,
        error: null,
        createdAt: values.now,
        startedAt: null,
        completedAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;

export const findExport = (db: Db, id: string) =>
  db.selectFrom("fhirExports").selectAll().where("id", "=", id).executeTakeFirst() as Promise<ExportRow | undefined>;

export const updateExport = (
  db: Db,
  id: string,
  values: Partial<Pick<ExportRow, "status" | "progress" | "error" | "startedAt" | "completedAt">>,
) => db.updateTable("fhirExports").set(values).where("id", "=", id).execute();

/** Marks it started unless it was cancelled meanwhile; false when there is nothing to run. */
export const startExport = async (db: Db, id: string, now: Date): Promise<boolean> =>
  !!(await db
    .updateTable("fhirExports")
    .set({ status: "RUNNING", startedAt: now, progress: null, error: null })
    .where("id", "=", id)
    .where("status", "in", ["QUEUED", "RUNNING"])
    .returning("id")
    .executeTakeFirst());

export const exportStatus = async (db: Db, id: string) =>
  (await db.selectFrom("fhirExports").select("status").where("id", "=", id).executeTakeFirst())?.status;

export const deleteParts = (db: Db, exportId: string) =>
  db.deleteFrom("fhirExportParts").where("exportId", "=", exportId).execute();

export const insertPart = (
  db: Db,
  part: { exportId: string; resourceType: string; part: number; resourceCount: number; ndjson: string },
) => db.insertInto("fhirExportParts").values(part).execute();

/** Resources per type of an export, for its manifest. */
export const findPartTotals = (db: Db, exportId: string) =>
  db
    .selectFrom("fhirExportParts")
    .select(["resourceType", sql<string>`sum(resource_count)`.as("count")])
    .where("exportId", "=", exportId)
    .groupBy("resourceType")
    .orderBy("resourceType")
    .execute();

/** One part of a file (parts are read one at a time when a file is served). */
export const findPart = (db: Db, exportId: string, resourceType: string, part: number) =>
  db
    .selectFrom("fhirExportParts")
    .select(["ndjson"])
    .where("exportId", "=", exportId)
    .where("resourceType", "=", resourceType)
    .where("part", "=", part)
    .executeTakeFirst();

// Organisation settings ---------------------------------------------------------------------------

/** The organisation's FHIR settings; undefined when it does not exist. */
export const findOrganisationFhirSettings = (db: Db, organisationId: string) =>
  db
    .selectFrom("organisations")
    .select(["id", "fhirHospitalNumberSystem"])
    .where("id", "=", organisationId)
    .executeTakeFirst();

export const updateHospitalNumberSystem = (db: Db, organisationId: string, system: string | null) =>
  db
    .updateTable("organisations")
    .set({ fhirHospitalNumberSystem: system })
    .where("id", "=", organisationId)
    .executeTakeFirst();

// SMART backend clients ----------------------------------------------------------------------------

export type SmartClientRow = NonNullable<Awaited<ReturnType<typeof findSmartClient>>>;

const smartClientColumns = [
  "smartClients.id",
  "smartClients.organisationId",
  "smartClients.userId",
  "smartClients.name",
  "smartClients.jwks",
  "smartClients.jwksUrl",
  "smartClients.scopes",
  "smartClients.createdAt",
  "smartClients.revokedAt",
] as const;

export const findSmartClient = (db: Db, clientId: string) =>
  db.selectFrom("smartClients").select(smartClientColumns).where("id", "=", clientId).executeTakeFirst();

export const findSmartClientsOf = (db: Db, organisationId: string) =>
  db
    .selectFrom("smartClients")
    .select(smartClientColumns)
    .where("organisationId", "=", organisationId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();

/**
 * A client and its account: a staff account without a password (it cannot sign in), whose only
 * reach is the organisation's team, with the permissions of the client's scopes.
 */
export const insertSmartClient = async (
  db: Db,
  client: {
    organisationId: string;
    name: string;
    jwks: unknown;
    jwksUrl: string | null;
    scopes: string[];
    permissions: string[];
    role: string;
    createdBy: string;
    now: Date;
  },
) => {
  const id = crypto.randomUUID();
  const user = await db
    .insertInto("users")
    .values({
      email: `smart-client-${id}@clients.openpro.invalid`,
      firstName: "SMART client",
      lastName: client.name,
      displayName: `SMART client: ${client.name}`,
      role: client.role,
      scope: "clinical",
      passwordHash: null,
      passwordChangedAt: null,
      permissions: client.permissions,
      territory: null,
      instructionsAcknowledgedAt: client.now,
      sex: null,
      dateCreated: client.now,
      updatedAt: client.now,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("organisationStaff")
    .values({ organisationId: client.organisationId, userId: user.id, role: client.role, inviteAccepted: true })
    .execute();
  await db
    .insertInto("smartClients")
    .values({
      id,
      organisationId: client.organisationId,
      userId: user.id,
      name: client.name,
      jwks: client.jwks === null ? null : JSON.stringify(client.jwks),
      jwksUrl: client.jwksUrl,
      scopes: client.scopes,
      createdBy: client.createdBy,
      createdAt: client.now,
    })
    .execute();
  return id;
};

/** Revoked: no new token, and every session (token) of its account ends now. */
export const revokeSmartClient = async (db: Db, clientId: string, userId: string, now: Date) => {
  await db.updateTable("smartClients").set({ revokedAt: now }).where("id", "=", clientId).execute();
  await db
    .updateTable("sessions")
    .set({ endedAt: now, endedReason: "smart_client_revoked" })
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .execute();
};

/** Records an assertion's jti; false when the client used it before (a replay). */
export const recordAssertion = async (db: Db, clientId: string, jti: string, expiresAt: Date, now: Date) => {
  await db.deleteFrom("smartClientAssertions").where("expiresAt", "<", now).execute();
  const inserted = await db
    .insertInto("smartClientAssertions")
    .values({ clientId, jti, expiresAt })
    .onConflict((oc) => oc.columns(["clientId", "jti"]).doNothing())
    .returning("jti")
    .executeTakeFirst();
  return !!inserted;
};

/** A token's session: code-verified (the assertion is the second factor), ending with the token. */
export const insertTokenSession = async (db: Db, userId: string, now: Date, expiresAt: Date) =>
  (
    await db
      .insertInto("sessions")
      .values({
        userId,
        scope: "clinical",
        otpVerified: true,
        createdAt: now,
        lastActivityAt: now,
        absoluteExpiresAt: expiresAt,
        endedAt: null,
        endedReason: null,
        ip: null,
        userAgent: null,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
