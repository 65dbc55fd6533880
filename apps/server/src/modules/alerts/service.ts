import {
  type Alert,
  type AlertKind,
  type AlertMessageAnswer,
  alertTriggerKey,
  type CloseAction,
  canClose,
  canTake,
  careTeamCallNumbers,
  defaultEscalationMinutes,
  effectiveTemperatureSettings,
  emergencyNumbers,
  filledTranslations,
  findLogType,
  formatPhoneForTerritory,
  isDangerGrade,
  isOpenProAlertText,
  messages,
  negotiatePatientLanguage,
  type PatientLanguage,
  type PatientServedTextKey,
  pairKey,
  patientServedText,
  programDefaultLanguage,
  type StaffTextTranslations,
  secondsBetween,
  severityOf,
  staffTextIn,
  symptomRaisesAlert,
  type Territory,
  temperatureOutOfRange,
  territoryAlertDefaults,
  territoryLanguages,
  withCallLine,
} from "@openpro/core";
import { addSeconds } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { programsPermitting } from "../../platform/access/scope.js";
import { writeAudit } from "../../platform/audit/audit.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import { enqueueJob, enqueueJobsInStatement } from "../../platform/jobs/job-runner.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { renderLayout } from "../../platform/mail/templates.js";
import type { RequestScope } from "../../platform/request-scope.js";
import type { LogUploadHook, ProgramSymptomMessages, UploadedItem, UploadProgram } from "../logs/service.js";
import { pushOrPass } from "../push/service.js";
import * as q from "./queries.js";

export const ALERT_ESCALATION_JOB = "alerts.escalate";
/** A new alert's audit entry, escalation and mails, enqueued by the upload that raised it. */
export const ALERT_ANNOUNCE_JOB = "alerts.announce";
/** The program admins an Open alert escalates to. */
const ADMIN_ROLES = [
  "clinical_project_admin",
  "clinician_admin",
  "life_sciences_project_admin",
  "internal_program_admin",
];

const numberOrNull = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

// ---------------------------------------------------------------------------------------------
// Raising, in the upload's own statement (the logs module's upload hook)

/**
 * Whether an upload of these items needs the program's symptom + grade alert messages and its
 * care team's phones (not without a symptom or a temperature): the upload reads them with its
 * enrolment and passes them to planUploadAlerts.
 */
const uploadNeedsAlertPairs = (items: readonly { logClass: string }[]): boolean =>
  items.some((i) => i.logClass === "SYMPTOMS" || i.logClass === "TEMPERATURE");

/** A message as the patient reads it, and the language it is in (the app marks one not in theirs). */
interface PatientAlertText {
  text: string;
  language: PatientLanguage;
}

/**
 * A program's alert message (its default severe-symptom message or its temperature message) in the
 * patient's language (issue 31 §3): the program's text in that language when it gave one; else,
 * while the program keeps OpenPRO's own text (it wrote none, or kept the default it was created
 * with), OpenPRO's text in the patient's language; else the program's text in its default language,
 * marked by its language. Never blank: OpenPRO's own text when the program has none at all.
 */
export const alertTextIn = (
  language: PatientLanguage,
  territory: Territory,
  own: { text: string | null | undefined; translations: StaffTextTranslations | null | undefined },
  openproKey: Extract<PatientServedTextKey, "defaultSymptomAlertMessage" | "defaultTemperatureAlertMessage">,
): PatientAlertText => {
  const translated = own.translations?.[language]?.trim();
  if (translated) return { text: translated, language };
  const text = own.text?.trim();
  if (!text || isOpenProAlertText(text, openproKey)) return { text: patientServedText[language][openproKey], language };
  return (
    staffTextIn(language, territory, text, own.translations) ?? { text, language: programDefaultLanguage(territory) }
  );
};

/** What an upload's alerts are, decided before its INSERT from what the patient sent. */
export interface UploadAlertPlan {
  /** The messages the app shows the patient, for every item sent (a retried batch answers the same). */
  alertMessages: AlertMessageAnswer[];
  /** Added to the upload's INSERT: raises the care team's alerts of the logs it creates; null when no item can. */
  statement: ReturnType<typeof q.raiseAlertsOfCreatedLogs> | null;
}

/**
 * Before the upload's INSERT: the messages to answer the patient (a symptom at a grade the program
 * gave a message, or at a danger grade: its default message; a temperature outside its thresholds)
 * and which items raise a care-team alert (a danger grade of the catalogue or a program pair; a
 * temperature out of range). A program missing a threshold or a message uses its territory's
 * default (issue 30 §1: never nothing); every message ends with the care team's phones and the
 * emergency numbers. The alerts themselves are raised by the INSERT's own statement, from the logs
 * it creates (statement).
 */
const planUploadAlerts = (
  scope: RequestScope,
  program: UploadProgram,
  items: readonly UploadedItem[],
  /** The program's pairs as the upload read them (uploadNeedsAlertPairs). */
  pairs: ProgramSymptomMessages,
): UploadAlertPlan => {
  // The items that raise an alert if created (their client ids are unique: the upload checked).
  const triggers: q.AlertTrigger[] = [];
  const messageOf = new Map(pairs.map((p) => [pairKey(p.logTypeId, p.grade), p]));
  const pairSet = new Set(messageOf.keys());
  const temperature = effectiveTemperatureSettings({
    territory: program.territory,
    temperatureMin: numberOrNull(program.temperatureMin),
    temperatureMax: numberOrNull(program.temperatureMax),
    temperatureMessage: program.temperatureMessage,
  });
  // The patient's language: their account's choice within the program territory's languages.
  const language = negotiatePatientLanguage({
    chosen: program.patientLanguage,
    browser: [],
    territory: program.territory,
  });
  const defaultMessage = alertTextIn(
    language,
    program.territory,
    { text: program.defaultAlertMessage, translations: program.defaultAlertMessageTranslations },
    "defaultSymptomAlertMessage",
  );
  const temperatureMessage = alertTextIn(
    language,
    program.territory,
    { text: program.temperatureMessage, translations: program.temperatureMessageTranslations },
    "defaultTemperatureAlertMessage",
  );
  const callNumbers = careTeamCallNumbers(program.careTeam);
  const emergency = [...emergencyNumbers[program.territory]];
  // The sentence gives each number as the patient dials it at home (national format in the program's
  // own country, international otherwise); the tap-to-call buttons keep E.164.
  const spokenNumbers = callNumbers.map((c) => ({ ...c, phone: formatPhoneForTerritory(c.phone, program.territory) }));
  // The call line in the message's language: one text, one language (the app labels its tap-to-call
  // buttons in the patient's).
  const answer = ({ text, language: messageLanguage }: PatientAlertText) => ({
    message: withCallLine(text, program.territory, spokenNumbers, messageLanguage),
    messageLanguage,
    callNumbers,
    emergencyNumbers: emergency,
  });
  // A message of a symptom-and-grade pair: the program's text in the patient's language when it gave one, else
  // its default language's, marked (core's staffTextIn, the rule every staff-written text follows; there is no
  // OpenPRO text of it to fall back on).
  const pairMessage = (pair: ProgramSymptomMessages[number]): PatientAlertText =>
    staffTextIn(language, program.territory, pair.message, pair.translations) ?? {
      text: pair.message,
      language: programDefaultLanguage(program.territory),
    };
  const alertMessages: AlertMessageAnswer[] = [];
  for (const item of items) {
    let kind: AlertKind | null = null;
    if (item.logClass === "SYMPTOMS" && item.logTypeId !== null && item.grade !== null) {
      const own = messageOf.get(pairKey(item.logTypeId, item.grade));
      const message = own ? pairMessage(own) : isDangerGrade(item.grade) ? defaultMessage : null;
      if (message)
        alertMessages.push({
          clientId: item.clientId,
          kind: "symptom",
          logTypeId: item.logTypeId,
          grade: item.grade,
          ...answer(message),
        });
      if (symptomRaisesAlert(item.logTypeId, item.grade, pairSet)) kind = "symptom";
    } else if (
      item.logClass === "TEMPERATURE" &&
      item.celsius !== null &&
      temperatureOutOfRange(item.celsius, temperature.temperatureMin, temperature.temperatureMax)
    ) {
      alertMessages.push({
        clientId: item.clientId,
        kind: "temperature",
        logTypeId: null,
        grade: null,
        ...answer(temperatureMessage),
      });
      kind = "temperature";
    }
    if (!kind) continue;
    const clientId = item.clientId.toLowerCase();
    triggers.push({
      clientId,
      kind,
      triggerKey: alertTriggerKey(kind, item.logTypeId),
      severity: severityOf({ kind, grade: item.grade }),
    });
  }
  const statement =
    triggers.length === 0
      ? null
      : q.raiseAlertsOfCreatedLogs({
          programId: program.id,
          patientId: scope.actor.userId,
          now: scope.ctx.clock.now(),
          triggers,
          context: {
            programId: program.id,
            patientId: scope.actor.userId,
            requestId: scope.meta.requestId,
            clientRequestId: scope.meta.clientRequestId ?? null,
            ip: scope.meta.ip,
            userAgent: scope.meta.userAgent,
          },
          announce: (rows) => enqueueJobsInStatement(ALERT_ANNOUNCE_JOB, rows),
        });
  return { alertMessages, statement };
};

/**
 * The alerts module's part in every upload of logs, handed to the logs routes by app.ts: the logs
 * module knows nothing of alerts (issue 34 §4), and the alerts are still raised by the upload's own
 * statement, committed with the logs or not at all.
 */
export const alertsOfLogUpload: LogUploadHook = {
  needsProgramMessages: uploadNeedsAlertPairs,
  plan: (scope, program, items, messages) => {
    const { alertMessages, statement } = planUploadAlerts(scope, program, items, messages);
    return { alertMessages, after: statement };
  },
};

/** What the upload's statement put in each announcement it enqueued (raiseAlertsOfCreatedLogs). */
interface Announcement {
  alertId: string;
  programId: string;
  patientId: string;
  kind: AlertKind;
  grade: number | null;
  temperature: number | null;
  logs: number;
  raisedAt: string;
  requestId: string;
  clientRequestId: string | null;
  ip: string;
  userAgent: string | null;
}

/**
 * An alert an upload raised, announced (the job the upload's own statement enqueued): audited as
 * raised by the patient, in the upload's request, its escalation planned from the moment it was
 * raised, and the team members who opted in e-mailed (a link only, no patient data).
 */
export const announceRaisedAlert = async (ctx: AppContext, payload: Record<string, unknown>) => {
  const a = payload as unknown as Announcement;
  await ctx.db.transaction().execute(async (trx) => {
    await writeAudit(
      trx,
      ctx.clock,
      { requestId: a.requestId, clientRequestId: a.clientRequestId, ip: a.ip, userAgent: a.userAgent },
      {
        action: "alert.raise",
        outcome: "success",
        actorUserId: a.patientId,
        entityType: "alert",
        entityId: a.alertId,
        programId: a.programId,
        patientId: a.patientId,
        details: {
          kind: a.kind,
          grade: a.kind === "symptom" ? a.grade : null,
          temperature: a.kind === "temperature" ? a.temperature : null,
          logs: a.logs,
        },
      },
    );
    await announce(ctx, trx, a.programId, [a.alertId], new Date(a.raisedAt));
  });
};

const alertLink = (ctx: AppContext, programId: string, alertId: string) =>
  `${ctx.settings.publicUrl}/alerts?projectId=${programId}&alert=${alertId}`;

/** A mail about an alert to each of these staff: what happened and a link to it, nothing about the patient. */
const mailAlertToStaff = async (
  ctx: AppContext,
  trx: Db,
  recipients: { email: string; firstName: string }[],
  programId: string,
  alertId: string,
  mail: { subject: string; says: string; footer: string; category: string },
) => {
  for (const r of recipients)
    await queueMail(
      trx,
      ctx.clock,
      r.email,
      renderLayout({
        subject: mail.subject,
        greeting: `Hello ${r.firstName},`,
        paragraphs: [mail.says],
        action: { label: "Open the alert", url: alertLink(ctx, programId, alertId) },
        footer: mail.footer,
      }),
      mail.category,
    );
};

/** A new alert: planned escalation, and a mail (a link, nothing about the patient) to those who opted in. */
const announce = async (ctx: AppContext, trx: Db, programId: string, alertIds: string[], now: Date) => {
  const minutes = (await q.findEscalationMinutes(trx, programId)) ?? defaultEscalationMinutes;
  const recipients = await q.findNewAlertRecipients(trx, programId);
  for (const alertId of alertIds) {
    await enqueueJob(
      trx,
      ctx.clock,
      ALERT_ESCALATION_JOB,
      { alertId },
      { runAt: addSeconds(now, minutes * 60), singletonKey: `${ALERT_ESCALATION_JOB}:${alertId}` },
    );
    await mailAlertToStaff(ctx, trx, recipients, programId, alertId, {
      subject: "OpenPRO: a new patient alert",
      says: "A patient in one of your programs has logged something that needs the care team's attention.",
      footer: "You receive this e-mail because you asked to be told of new alerts. Change this in Settings.",
      category: "alert.raised",
    });
  }
};

/**
 * The escalation job: an alert still Open after the program's delay is e-mailed to the program's
 * admins, once (the escalated mark is set in the same transaction as the mails).
 */
export const escalateAlert = async (ctx: AppContext, alertId: string): Promise<boolean> => {
  const alert = await q.findAlert(ctx.db, alertId);
  if (alert?.status !== "open" || alert.escalatedAt) return false;
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await q.markEscalated(trx, alertId, now))) return false;
    // The program's admins; a program without one escalates to its whole team who see patients,
    // never to no one (what program readiness counts).
    const admins = await q.findEscalationRecipients(trx, alert.programId, ADMIN_ROLES);
    const recipients = admins.length > 0 ? admins : await q.findEscalationRecipients(trx, alert.programId);
    await mailAlertToStaff(ctx, trx, recipients, alert.programId, alertId, {
      subject: "OpenPRO: an alert is still open",
      says: "A patient alert in one of your programs has not been taken by anyone yet. Please make sure someone is on it.",
      footer: "You receive this e-mail as an admin of the program.",
      category: "alert.escalated",
    });
    await writeAudit(
      trx,
      ctx.clock,
      {},
      {
        action: "alert.escalate",
        outcome: "success",
        entityType: "alert",
        entityId: alertId,
        programId: alert.programId,
        patientId: alert.patientId,
        details: { openSince: new Date(alert.raisedAt).toISOString() },
      },
    );
    return true;
  });
};

// ---------------------------------------------------------------------------------------------
// The queue

const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

const toAlert = (row: q.AlertRow): Alert => {
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  const raisedAt = new Date(row.raisedAt).toISOString();
  return {
    alertId: row.id,
    projectId: row.programId,
    programName: row.programName,
    patientId: row.patientId,
    patientName: nameOf(row.patientFirstName, row.patientLastName),
    patientDob: row.patientDob ? String(row.patientDob).slice(0, 10) : null,
    kind: row.kind,
    logTypeId: row.logTypeId,
    symptomName: row.logTypeId ? (findLogType(row.logTypeId)?.name ?? row.logTypeId) : null,
    grade: row.grade,
    temperature: numberOrNull(row.temperature),
    severity: row.severity,
    status: row.status,
    raisedAt,
    lastLogAt: new Date(row.lastLogAt).toISOString(),
    logCount: row.logCount,
    logIds: row.logIds,
    invalidatedLogCount: row.invalidatedLogCount,
    readings: row.readings.map((r) => ({
      at: new Date(r.at).toISOString(),
      celsius: Number(r.celsius),
      invalidated: r.invalidated,
    })),
    owner: row.ownerId ? { id: row.ownerId, name: nameOf(row.ownerFirstName, row.ownerLastName) } : null,
    takenAt: iso(row.takenAt),
    closedAt: iso(row.closedAt),
    closedBy: row.closedBy ? { id: row.closedBy, name: nameOf(row.closerFirstName, row.closerLastName) } : null,
    closeAction: row.closeAction as CloseAction | null,
    closeNote: row.closeNote,
    escalatedAt: iso(row.escalatedAt),
    timeToTakeSeconds: secondsBetween(raisedAt, row.takenAt),
    timeToCloseSeconds: secondsBetween(raisedAt, row.closedAt),
  };
};

export const listAlerts = async (
  scope: RequestScope,
  query: {
    _page: number;
    _perPage: number;
    projectId?: string | undefined;
    status?: "open" | "taken" | "closed" | undefined;
    owner?: "me" | "unassigned" | undefined;
    alertId?: string | undefined;
  },
) => {
  const { ctx, actor } = scope;
  // A program named in the query was resolved by defineRoute (reach, and the permission in it).
  const { rows, totalCount } = await q.findAlertPage(
    ctx.db,
    {
      reachOf: programsPermitting(actor, "view_project_users"),
      programId: query.projectId,
      status: query.status,
      ownerId: query.owner === "me" ? actor.userId : undefined,
      unassigned: query.owner === "unassigned",
      alertId: query.alertId,
    },
    query._page,
    query._perPage,
  );
  await scope.audit({
    action: "alert.list",
    entityType: "alert",
    ...(query.projectId ? { programId: query.projectId } : {}),
    details: { count: rows.length, patientIds: [...new Set(rows.map((r) => r.patientId))] },
  });
  return { results: rows.map(toAlert), totalCount };
};

/** The side menu's badge: Open alerts across the caller's programs. */
export const countOpenAlerts = async ({ ctx, actor }: RequestScope) => ({
  open: await q.countOpen(ctx.db, programsPermitting(actor, "view_project_users")),
});

/** Open alerts of one program, for the program dashboard (program reach checked by the caller). */
export const openAlertCount = (db: Db, programId: string) => q.countOpen(db, null, programId);

const reload = async (db: Db, alertId: string) => {
  const { rows } = await q.findAlertPage(db, { reachOf: null, alertId }, 1, 1);
  return toAlert(rows[0]!);
};

const changeAlert = async (
  scope: RequestScope,
  programId: string,
  alertId: string,
  change: (trx: Db, alert: NonNullable<Awaited<ReturnType<typeof q.findAlertForUpdate>>>) => Promise<string>,
) => {
  await inProgram(scope, programId);
  return scope.ctx.db.transaction().execute(async (trx) => {
    const alert = await q.findAlertForUpdate(trx, programId, alertId);
    if (!alert) throw notFound(messages.alertMissing);
    const action = await change(trx, alert);
    await scope.audit({ action, entityType: "alert", entityId: alertId, programId, patientId: alert.patientId }, trx);
    return reload(trx, alertId);
  });
};

export const takeAlert = (scope: RequestScope, programId: string, alertId: string) =>
  changeAlert(scope, programId, alertId, async (trx, alert) => {
    if (!canTake(alert.status) || !(await q.takeAlert(trx, alertId, scope.actor.userId, scope.ctx.clock.now())))
      throw conflict(alert.status === "closed" ? messages.alertAlreadyClosed : messages.alertAlreadyTaken);
    // The patient who opted in hears that the team is on it (at any hour: alert-related); no e-mail otherwise.
    await pushOrPass(trx, scope.ctx.clock, [
      {
        userId: alert.patientId,
        programId,
        kind: "care_team_message",
        eventKey: `alert-taken:${alertId}`,
        fallbackMail: null,
      },
    ]);
    return "alert.take";
  });

export const closeAlert = (
  scope: RequestScope,
  programId: string,
  alertId: string,
  body: { action: CloseAction; note?: string | undefined },
) =>
  changeAlert(scope, programId, alertId, async (trx, alert) => {
    const closed =
      canClose(alert.status) &&
      (await q.closeAlert(trx, alertId, {
        by: scope.actor.userId,
        action: body.action,
        note: body.note ? body.note : null,
        now: scope.ctx.clock.now(),
        ownerId: scope.actor.userId,
      }));
    if (!closed) throw conflict(messages.alertAlreadyClosed);
    return "alert.close";
  });

/**
 * Acknowledges the alert's trigger logs that are still new, each through the logs module's
 * validate rules (given by the route, which may reach both modules).
 */
export const acknowledgeAlertLogs = async (
  scope: RequestScope,
  programId: string,
  alertId: string,
  validate: (logId: string) => Promise<unknown>,
) => {
  await inProgram(scope, programId);
  const alert = await q.findAlert(scope.ctx.db, alertId);
  if (!alert || alert.programId !== programId) throw notFound(messages.alertMissing);
  const fresh = await q.findNewLogIds(scope.ctx.db, await q.findAlertLogIds(scope.ctx.db, alertId));
  for (const logId of fresh) await validate(logId);
  return { acknowledged: fresh.length };
};

// ---------------------------------------------------------------------------------------------
// Settings

/** The language → text object as stored: the languages given a text only. */
const storedTranslations = (translations: Partial<Record<string, string>> | null | undefined) =>
  filledTranslations(translations ?? {});

/**
 * The program's alert settings: its escalation delay and its alert messages with their texts in its
 * other languages (issue 31 §3). The temperature message is shown to those who may see the
 * temperature thresholds only.
 */
export const getAlertSettings = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  const inScope = await inProgram(scope, programId);
  const [minutes, program] = await Promise.all([
    q.findEscalationMinutes(ctx.db, programId),
    q.findAlertMessages(ctx.db, programId),
  ]);
  if (!program) throw notFound();
  const territory = program.territory as Territory;
  const seesTemperature = inScope.permissions.includes("view_project_temperature_severity_threshold");
  const defaults = territoryAlertDefaults(territory);
  return {
    escalationMinutes: minutes ?? defaultEscalationMinutes,
    defaultLanguage: programDefaultLanguage(territory),
    otherLanguages: territoryLanguages[territory].slice(1),
    severeSymptomMessage: program.defaultAlertMessage?.trim() || defaults.defaultAlertMessage,
    severeSymptomMessageTranslations: storedTranslations(program.defaultAlertMessageTranslations),
    temperatureMessage: seesTemperature ? program.temperatureMessage?.trim() || defaults.temperatureMessage : null,
    temperatureMessageTranslations: seesTemperature ? storedTranslations(program.temperatureMessageTranslations) : {},
  };
};

const sameTranslations = (a: Partial<Record<string, string>>, b: Partial<Record<string, string>>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Sets the escalation delay and the alert messages' texts per language. The route needs the
 * severe-symptom settings' edit permission; changing the temperature message's texts also needs the
 * temperature thresholds' (403, nothing saved), as the temperature message itself does. Sending the
 * texts it already has is not a change.
 */
export const updateAlertSettings = async (
  scope: RequestScope,
  programId: string,
  body: {
    escalationMinutes: number;
    severeSymptomMessageTranslations?: Partial<Record<string, string>> | undefined;
    temperatureMessageTranslations?: Partial<Record<string, string>> | undefined;
  },
) => {
  const inScope = await inProgram(scope, programId);
  const current = await q.findAlertMessages(scope.ctx.db, programId);
  if (!current) throw notFound();
  const severe =
    body.severeSymptomMessageTranslations === undefined
      ? undefined
      : storedTranslations(body.severeSymptomMessageTranslations);
  const temperature =
    body.temperatureMessageTranslations === undefined
      ? undefined
      : storedTranslations(body.temperatureMessageTranslations);
  const temperatureChanged =
    temperature !== undefined &&
    !sameTranslations(temperature, storedTranslations(current.temperatureMessageTranslations));
  if (temperatureChanged && !inScope.permissions.includes("edit_project_temperature_severity_threshold"))
    throw forbidden();
  await scope.ctx.db.transaction().execute(async (trx) => {
    await q.upsertEscalationMinutes(trx, programId, body.escalationMinutes, scope.ctx.clock.now());
    if (severe !== undefined || temperatureChanged)
      await q.updateAlertMessageTranslations(trx, programId, {
        ...(severe !== undefined ? { defaultAlertMessageTranslations: JSON.stringify(severe) } : {}),
        ...(temperatureChanged ? { temperatureMessageTranslations: JSON.stringify(temperature) } : {}),
      });
    await scope.audit(
      {
        action: "alert.settings.update",
        entityType: "alert-settings",
        programId,
        details: {
          escalationMinutes: body.escalationMinutes,
          // Which languages have a text now (the texts are the program's settings, not logged twice).
          ...(severe !== undefined ? { severeSymptomMessageLanguages: Object.keys(severe).sort() } : {}),
          ...(temperatureChanged ? { temperatureMessageLanguages: Object.keys(temperature ?? {}).sort() } : {}),
        },
      },
      trx,
    );
  });
  return getAlertSettings(scope, programId);
};

export const getPreferences = async ({ ctx, actor }: RequestScope) => ({
  emailOnNewAlert: await q.findPreference(ctx.db, actor.userId),
});

export const updatePreferences = async (scope: RequestScope, emailOnNewAlert: boolean) => {
  await scope.ctx.db.transaction().execute(async (trx) => {
    await q.upsertPreference(trx, scope.actor.userId, emailOnNewAlert, scope.ctx.clock.now());
    await scope.audit({ action: "alert.preferences.update", entityType: "user", details: { emailOnNewAlert } }, trx);
  });
  return { emailOnNewAlert };
};
