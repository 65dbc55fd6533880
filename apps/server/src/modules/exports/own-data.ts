import type { AppContext } from "../../platform/context.js";
import { answeredQuestionnairePages } from "../questionnaire-delivery/service.js";
import { notificationsAsRead } from "../symptom-settings/service.js";
import { isoDate, isoInstant } from "./anonymise.js";
import { type Cell, csvLine } from "./formats.js";
import * as q from "./queries.js";
import { type ZipEntry, zipStream } from "./zip.js";

/**
 * A patient's own data (GDPR Art. 15 access, Art. 20 portability): everything held about them,
 * as `my-data.json` (nested, for machines) and one CSV per kind (flat, for people), zipped. The
 * patient gets all their programs; staff answering a request get their program's part only.
 * One patient's rows are few enough to gather whole.
 */

interface Table {
  header: readonly string[];
  rows: Record<string, Cell>[];
}

const table = (header: readonly string[], rows: Record<string, Cell>[]): Table => ({ header, rows });

const answerText = (value: unknown): Cell =>
  value === null || value === undefined
    ? null
    : Array.isArray(value)
      ? value.join("|")
      : typeof value === "object"
        ? JSON.stringify(value)
        : typeof value === "number" || typeof value === "boolean"
          ? value
          : String(value);

export const gatherOwnData = async (ctx: AppContext, userId: string, programId: string | null) => {
  const { db } = ctx;
  const profile = await q.findProfile(db, userId);
  if (!profile) return null;
  const enrolments = await q.findEnrolments(db, userId, programId);
  const programIds = enrolments.map((e) => e.programId);
  const programNames = new Map(enrolments.map((e) => [e.programId, e.programName]));
  const [history, logs, medications, doses, appointments, notifications] = await Promise.all([
    q.findStatusHistory(
      db,
      enrolments.map((e) => e.id),
    ),
    q.findPatientLogs(db, userId, programIds),
    q.findPatientMedications(db, userId, programIds),
    q.findPatientDoses(db, userId, programIds),
    q.findPatientAppointments(db, userId, programIds),
    // Reminders stored with their message key read in the patient's language, as the app shows them.
    q.findPatientNotifications(db, userId, programIds).then((rows) => notificationsAsRead(db, userId, rows)),
  ]);
  const questionnaires = [];
  for (const id of programIds)
    for await (const page of answeredQuestionnairePages(ctx, id, userId))
      for (const e of page)
        questionnaires.push({
          projectId: id,
          questionnaire: e.name,
          code: e.code,
          dueDate: isoDate(e.dueDate),
          status: e.state,
          completedAt: isoInstant(e.completedAt),
          answers: e.answers ?? {},
          scores: e.state === "COMPLETED" ? e.scores.filter((s) => typeof s.score === "number") : [],
        });

  // Staff export one program's part: the patient as that program knows them (its enrolment, the
  // demographics given to it), never the account's registered name, profile or metadata, which
  // may hold what the patient gave another program (security issue 29 §1).
  const enrolment = programId ? enrolments[0] : undefined;
  const data = {
    profile: enrolment
      ? {
          userId: profile.id,
          email: enrolment.consentedEmail ?? enrolment.inviteEmail,
          firstName: enrolment.firstName,
          lastName: enrolment.lastName,
          displayName: null,
          dateOfBirth: isoDate(enrolment.dob),
          sex: enrolment.sex,
          territory: null,
          accountCreatedAt: null,
          emailVerified: null,
          acceptedPrivacyPolicy: null,
          acceptedEula: null,
          marketingConsent: null,
          questionnaireReminders: null,
          instructionsAcknowledgedAt: null,
        }
      : {
          userId: profile.id,
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          displayName: profile.displayName,
          dateOfBirth: isoDate(profile.dob),
          sex: profile.sex,
          territory: profile.territory,
          accountCreatedAt: isoInstant(profile.dateCreated),
          emailVerified: profile.emailVerified,
          acceptedPrivacyPolicy: profile.privacyPolicy,
          acceptedEula: profile.eula,
          marketingConsent: profile.marketingConsent,
          questionnaireReminders: profile.questionnaireReminders,
          instructionsAcknowledgedAt: isoInstant(profile.instructionsAcknowledgedAt),
        },
    enrolments: enrolments.map((e) => ({
      projectId: e.programId,
      projectName: e.programName,
      firstName: e.firstName,
      lastName: e.lastName,
      inviteEmail: e.inviteEmail,
      consentedEmail: e.consentedEmail,
      patientIdentifierType: e.patientIdType,
      patientIdentifier: e.patientId,
      status: e.status,
      verificationStatus: e.verificationStatus,
      consentGiven: e.consentGiven,
      consentDate: isoInstant(e.dateConsentGiven),
      consentWithdrawnDate: isoInstant(e.dateConsentRevoked),
      inviteAcceptedAt: isoInstant(e.inviteAcceptedAt),
      enrolledWith: e.enrolledWith,
      enrolledAt: isoInstant(e.createdAt),
      postcode: e.postcode,
      cancerTypes: e.cancerTypes ?? [],
    })),
    statusHistory: history.map((h) => ({
      projectId: h.programId,
      projectName: programNames.get(h.programId) ?? null,
      status: h.status,
      at: isoInstant(h.at),
    })),
    logs: logs.map((l) => ({
      projectId: l.programId,
      kind: l.logClass,
      loggedAt: isoInstant(l.loggedAt),
      localDate: isoDate(l.localDate),
      symptomCode: l.logTypeId,
      grade: l.grade,
      value: l.value === null ? null : Number(l.value),
      unit: l.unit,
      originalValue: l.originalValue === null ? null : Number(l.originalValue),
      originalUnit: l.originalUnit,
      details: l.data ?? {},
      note: l.note,
      reviewStatus: l.validationStatus,
      reviewReason: l.validationReason,
      receivedAt: isoInstant(l.receivedAt),
    })),
    medications: medications.map((m) => ({
      projectId: m.programId,
      name: m.name,
      dosage: m.dosage,
      dosageUnit: m.dosageUnit,
      frequency: m.frequency,
      snomedId: m.snomedId,
      startDate: isoDate(m.startDate),
      endDate: isoDate(m.endDate),
    })),
    medicationDoses: doses.map((d) => ({
      projectId: d.programId,
      medication: d.name,
      status: d.status === "SKIPPED" ? "skipped" : "taken",
      at: isoInstant(d.takenAt),
      localDate: isoDate(d.localDate),
      skipReason: d.skipReason,
      notes: d.notes,
    })),
    questionnaires,
    appointments: appointments.map((a) => ({
      projectId: a.programId,
      type: a.appointmentType,
      date: isoDate(a.date),
      startTime: a.startTime,
      endTime: a.endTime,
      allDay: a.isDraft,
      mode: a.mode,
      status: a.status,
      withWhom: a.withWhom,
      notes: a.notes,
    })),
    notifications: notifications.map((n) => ({
      projectId: n.programId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      sentAt: isoInstant(n.createdAt),
      readAt: isoInstant(n.readAt),
    })),
  };
  return data;
};
export type OwnData = NonNullable<Awaited<ReturnType<typeof gatherOwnData>>>;

const flat = (value: unknown): Cell =>
  value === null || value === undefined
    ? null
    : typeof value === "object"
      ? JSON.stringify(value)
      : (value as string | number | boolean);

const flatRows = (items: readonly object[]) =>
  items.map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, flat(v)])));

/** The CSV files of the zip: one per kind; the header comes from the JSON's field names. */
export const ownDataTables = (data: OwnData, exportedAt: Date): Record<string, Table> => {
  const headerOf = (sample: object) => Object.keys(sample);
  const profile = flatRows([data.profile]);
  return {
    profile: table(headerOf(data.profile), profile),
    enrolments: table(ENROLMENT_HEADER, flatRows(data.enrolments)),
    status_history: table(["projectId", "projectName", "status", "at"], flatRows(data.statusHistory)),
    logs: table(LOG_HEADER, flatRows(data.logs)),
    medications: table(
      ["projectId", "name", "dosage", "dosageUnit", "frequency", "snomedId", "startDate", "endDate"],
      flatRows(data.medications),
    ),
    medication_doses: table(
      ["projectId", "medication", "status", "at", "localDate", "skipReason", "notes"],
      flatRows(data.medicationDoses),
    ),
    questionnaire_answers: table(
      ["projectId", "questionnaire", "code", "dueDate", "status", "completedAt", "questionId", "answer"],
      data.questionnaires.flatMap((e) =>
        Object.entries(e.answers).map(([questionId, value]) => ({
          projectId: e.projectId,
          questionnaire: e.questionnaire,
          code: e.code,
          dueDate: e.dueDate,
          status: e.status,
          completedAt: e.completedAt,
          questionId,
          answer: answerText(value),
        })),
      ),
    ),
    questionnaire_scores: table(
      ["projectId", "questionnaire", "code", "dueDate", "completedAt", "scale", "score"],
      data.questionnaires.flatMap((e) =>
        e.scores.map((s) => ({
          projectId: e.projectId,
          questionnaire: e.questionnaire,
          code: e.code,
          dueDate: e.dueDate,
          completedAt: e.completedAt,
          scale: s.scale,
          score: s.score as number,
        })),
      ),
    ),
    appointments: table(
      ["projectId", "type", "date", "startTime", "endTime", "allDay", "mode", "status", "withWhom", "notes"],
      flatRows(data.appointments),
    ),
    notifications: table(["projectId", "kind", "title", "body", "sentAt", "readAt"], flatRows(data.notifications)),
    export: table(["exportedAt"], [{ exportedAt: exportedAt.toISOString() }]),
  };
};

const ENROLMENT_HEADER = [
  "projectId",
  "projectName",
  "firstName",
  "lastName",
  "inviteEmail",
  "consentedEmail",
  "patientIdentifierType",
  "patientIdentifier",
  "status",
  "verificationStatus",
  "consentGiven",
  "consentDate",
  "consentWithdrawnDate",
  "inviteAcceptedAt",
  "enrolledWith",
  "enrolledAt",
  "postcode",
  "cancerTypes",
];
const LOG_HEADER = [
  "projectId",
  "kind",
  "loggedAt",
  "localDate",
  "symptomCode",
  "grade",
  "value",
  "unit",
  "originalValue",
  "originalUnit",
  "details",
  "note",
  "reviewStatus",
  "reviewReason",
  "receivedAt",
];

/** The zip's bytes: my-data.json first, then the CSV files. */
export const ownDataZip = async (data: OwnData, exportedAt: Date): Promise<Buffer> => {
  const entries: ZipEntry[] = [
    { name: "my-data.json", content: [JSON.stringify({ exportedAt: exportedAt.toISOString(), ...data }, null, 2)] },
    ...Object.entries(ownDataTables(data, exportedAt)).map(([name, t]) => ({
      name: `${name}.csv`,
      content: [csvLine(t.header), ...t.rows.map((r) => csvLine(t.header.map((h) => r[h] ?? null)))],
    })),
  ];
  const parts: Buffer[] = [];
  for await (const part of zipStream(entries)) parts.push(part);
  return Buffer.concat(parts);
};
