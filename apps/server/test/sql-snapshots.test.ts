import { readFileSync, writeFileSync } from "node:fs";
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.js";
import type { Db } from "../src/db/kysely.js";
import { raiseAlertsOfCreatedLogs } from "../src/modules/alerts/queries.js";
import {
  findAppointmentsPage,
  findDosesPage,
  findLogsPage,
  findParticipantsPage,
} from "../src/modules/exports/queries.js";
import {
  type Filter as FhirFilter,
  findAppointments as findFhirAppointments,
  findLogs as findFhirLogs,
  findMedicationEvents as findFhirMedicationEvents,
  findMedications as findFhirMedications,
  findPatients as findFhirPatients,
  findQuestionnaireTypes as findFhirQuestionnaires,
  findResponses as findFhirResponses,
} from "../src/modules/fhir/queries.js";
import { findUploadTarget, insertLogs } from "../src/modules/logs/queries.js";
import { findEnrolmentPage } from "../src/modules/patients/queries.js";
import {
  findMedicationAdherence,
  findMostLoggedSymptoms,
  symptomTrendStatement,
} from "../src/modules/program-dashboard/queries.js";
import { findExportPage as findQuestionnaireExportPage } from "../src/modules/questionnaire-delivery/queries.js";
import { findParticipantReportParts } from "../src/modules/reports/queries.js";
import { findQuietFacts } from "../src/modules/worklist/queries.js";
import { auditInStatement } from "../src/platform/audit/audit.js";
import { enqueueJobsInStatement } from "../src/platform/jobs/job-runner.js";

/**
 * SQL a reviewer can read (issue 34 §5): the large statements, built with fixed parameters and
 * compiled to the text the database receives, are committed in apps/server/sql/*.sql. A change to a
 * statement changes its snapshot, so a review shows the SQL diff, and this test fails until the
 * snapshot is regenerated: `UPDATE_SQL_SNAPSHOTS=1 npx vitest run --project server test/sql-snapshots.test.ts`.
 * The statements run against a driver that records them and answers no rows (no database).
 */
const PROGRAM = "00000000-0000-4000-8000-000000000001";
const PATIENT = "00000000-0000-4000-8000-000000000002";
const NOW = new Date("2026-03-04T12:00:00Z");
/** A later page of an export: the keyset of the previous page's last row. */
const KEY = { at: new Date("2026-03-01T08:00:00Z"), id: "00000000-0000-4000-8000-000000000003" };
/** A page of the FHIR bulk export (runExport's filter): a program's rows updated since a date, after a cursor. */
const FHIR_EXPORT_PAGE: FhirFilter = {
  memberUserId: null,
  programId: PROGRAM,
  limit: 1000,
  lastUpdated: [{ op: ">=", at: new Date("2026-02-01T00:00:00Z") }],
  after: KEY,
};

/** A Kysely as the server builds it (the camel-case plugin), whose driver records each statement. */
const recordingDb = () => {
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === "query") statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  }) as unknown as Db;
  return { db, statements };
};

/** The statement's text, then its parameters as comments (what $1, $2… are). */
const render = (statement: { sql: string; parameters: readonly unknown[] }) =>
  [
    `${statement.sql.trim()};`,
    "",
    ...statement.parameters.map((p, i) => `-- $${i + 1} = ${JSON.stringify(p instanceof Date ? p.toISOString() : p)}`),
    "",
  ].join("\n");

const snapshots: Record<string, (db: Db) => Promise<unknown>> = {
  // The upload: the logs, the alerts they raise or attach to, the announcements, the audit entry.
  "logs-upload": (db) =>
    insertLogs(
      db,
      {
        programId: PROGRAM,
        patientId: PATIENT,
        receivedAt: NOW,
        received: 1,
        rows: [
          {
            clientId: "c1",
            logClass: "SYMPTOMS",
            loggedAt: NOW,
            localDate: "2026-03-04",
            utcOffsetMinutes: 0,
            logTypeId: "10028813",
            grade: 3,
            isDanger: true,
            value: null,
            unit: null,
            originalValue: null,
            originalUnit: null,
            data: {},
            note: null,
          },
        ],
      },
      raiseAlertsOfCreatedLogs({
        programId: PROGRAM,
        patientId: PATIENT,
        now: NOW,
        triggers: [{ clientId: "c1", kind: "symptom", triggerKey: "SYMPTOM:10028813", severity: 3 }],
        context: { programId: PROGRAM, patientId: PATIENT, requestId: "req-1" },
        announce: (rows) => enqueueJobsInStatement("alerts.announce", rows),
      }),
      (details) =>
        auditInStatement(
          new ManualClock(NOW),
          { requestId: "req-1", ip: "192.0.2.1", userAgent: "OpenPRO app" },
          {
            action: "logs.upload",
            entityType: "patient_logs",
            programId: PROGRAM,
            patientId: PATIENT,
            actorUserId: PATIENT,
            outcome: "success",
          },
          details,
        ),
    ),
  // The upload's first read: the enrolment, the program's alert settings with their texts per language, the
  // patient's language, and (a batch with a symptom or a temperature) the alert pairs and care-team phones.
  "upload-target": (db) => findUploadTarget(db, PROGRAM, PATIENT, true),
  // The participant report's parts, six months.
  "participant-report": (db) =>
    findParticipantReportParts(
      db,
      { programId: PROGRAM, patientId: PATIENT, startDate: "2025-09-05", endDate: "2026-03-04" },
      { byStatus: true, logClasses: ["SYMPTOMS", "TEMPERATURE", "WEIGHT", "ACTIVITY", "FEELING"] },
    ),
  // The participant list, sorted by severe symptoms.
  "participant-list": (db) =>
    findEnrolmentPage(db, {
      programId: PROGRAM,
      statuses: ["CONSENTED"],
      verification: [],
      page: 1,
      perPage: 25,
      orderBy: "severeSymptoms",
      orderDir: "desc",
    }),
  // The worklist's quiet patients.
  "worklist-quiet-facts": (db) => findQuietFacts(db, PROGRAM, "Europe/London", { today: "2026-03-12" }),
  // The program dashboard's roll-ups.
  "dashboard-symptom-trend": (db) =>
    symptomTrendStatement({ programId: PROGRAM, startDate: "2025-09-05", endDate: "2026-03-04" } as never, "10028813")
      .execute(db)
      .then(() => undefined),
  "dashboard-most-logged": (db) =>
    findMostLoggedSymptoms(
      db,
      { programId: PROGRAM, startDate: "2025-09-05", endDate: "2026-03-04" } as never,
      "severe",
      10,
    ),
  "dashboard-medication-adherence": (db) =>
    findMedicationAdherence(
      db,
      { programId: PROGRAM, startDate: "2026-02-05", endDate: "2026-03-04" } as never,
      "2026-03-04",
      "Europe/London",
    ),
  // The research export's pages of logs.
  "research-export-logs": (db) => findLogsPage(db, PROGRAM, true, null, 1000),
  // The research export's other CSV files, a later page each.
  "research-export-participants": (db) => findParticipantsPage(db, PROGRAM, KEY, 1000),
  "research-export-doses": (db) => findDosesPage(db, PROGRAM, KEY, 1000),
  "research-export-appointments": (db) => findAppointmentsPage(db, PROGRAM, KEY, 1000),
  // The FHIR bulk export: a page of each resource type, one statement each, in the export's order.
  "fhir-export-pages": async (db) => {
    for (const find of [
      findFhirPatients,
      (d: Db, f: FhirFilter) => findFhirLogs(d, { ...f, logClasses: ["SYMPTOMS", "TEMPERATURE", "WEIGHT"] }),
      findFhirMedications,
      findFhirMedicationEvents,
      findFhirQuestionnaires,
      findFhirResponses,
      findFhirAppointments,
    ])
      await find(db, FHIR_EXPORT_PAGE).catch(() => undefined);
  },
  // The questionnaire export (CSV or spreadsheet): a later page of a type's answers in a date range.
  "questionnaire-export": (db) =>
    findQuestionnaireExportPage(
      db,
      PROGRAM,
      { startDate: "2026-01-01", endDate: "2026-03-04", typeId: "00000000-0000-4000-8000-0000000e05d0" },
      { dueDate: "2026-02-01", id: "00000000-0000-4000-8000-000000000004" },
      500,
    ),
};

const fileOf = (name: string) => new URL(`../sql/${name}.sql`, import.meta.url);

describe("the large statements' SQL, committed in apps/server/sql/", () => {
  for (const [name, build] of Object.entries(snapshots)) {
    it(`${name}.sql is the text the server sends`, async () => {
      const { db, statements } = recordingDb();
      // No rows come back: what a statement's caller does with its answer may fail; the text is recorded.
      await build(db).catch(() => undefined);
      expect(statements.length).toBeGreaterThan(0);
      const text = `-- ${name}: generated by apps/server/test/sql-snapshots.test.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it)\n\n${statements.map(render).join("\n")}`;
      if (process.env.UPDATE_SQL_SNAPSHOTS === "1") writeFileSync(fileOf(name), text);
      let committed = "";
      try {
        committed = readFileSync(fileOf(name), "utf8");
      } catch {
        committed = "(no snapshot committed: run with UPDATE_SQL_SNAPSHOTS=1)";
      }
      expect(text).toBe(committed);
    });
  }
});
