import {
  dueReminderOccurrence,
  filledTranslations,
  findLogType,
  type IntervalSchedule,
  type LogTypeRef,
  loadSymptomWords,
  messages,
  type PatientLanguage,
  type PatientServedTextKey,
  patientServedText,
  patientSymptomName,
  type SevereSymptomMessage,
  type SymptomReminder,
  type SymptomWords,
  type symptomGradeBody,
  type symptomReminderBody,
  type Territory,
} from "@openpro/core";
import type { z } from "zod";
import { addSeconds } from "../../clock.js";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import type { AppContext } from "../../platform/context.js";
import { conflict, invalidField, notFound } from "../../platform/errors.js";
import { enqueueJob } from "../../platform/jobs/job-runner.js";
import { queueMail } from "../../platform/mail/mailer.js";
import { patientMail, patientMailLanguage } from "../../platform/mail/patient-mail-text.js";
import { renderLayout } from "../../platform/mail/templates.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { unsubscribeToken } from "../patients/service.js";
import { pushOrPass } from "../push/service.js";
import * as q from "./queries.js";

/** A symptom and grade of an alert message (the pair the contract's grade body and path name). */
type SymptomGradePair = z.output<typeof symptomGradeBody>;

const refOf = (identifier: string): LogTypeRef => ({ identifier, name: findLogType(identifier)?.name ?? identifier });

/** Each identifier must be a symptom of the catalogue; the error names the list item. */
const checkIdentifiers = (identifiers: readonly string[], field: (i: number) => string) => {
  identifiers.forEach((id, i) => {
    if (!findLogType(id)) throw invalidField(field(i), messages.logTypeUnknown);
  });
};

const audit = (
  scope: RequestScope,
  db: Db,
  action: string,
  programId: string,
  entityType: string,
  entityId: string | undefined,
  details?: Record<string, unknown>,
) =>
  scope.audit(
    { action: `symptom-settings.${action}`, programId, entityType, ...(entityId ? { entityId } : {}), details },
    db,
  );

// ---------------------------------------------------------------------------------------------
// Prioritised symptoms

export const getPrioritised = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  return { logTypes: (await q.findPrioritised(ctx.db, programId)).map(refOf) };
};

export const setPrioritised = async (scope: RequestScope, programId: string, identifiers: string[]) => {
  await inProgram(scope, programId);
  checkIdentifiers(identifiers, (i) => `identifiers.${i}`);
  const unique = [...new Set(identifiers)];
  await scope.ctx.db.transaction().execute(async (trx) => {
    await q.replacePrioritised(trx, programId, unique);
    await audit(scope, trx, "prioritised.set", programId, "prioritised-symptoms", undefined, { identifiers: unique });
  });
  return { logTypes: unique.map(refOf) };
};

// ---------------------------------------------------------------------------------------------
// Alert messages

const toMessage = (row: q.MessageRow, grades: { messageId: string; logTypeId: string; grade: number }[]) =>
  ({
    id: row.id,
    message: row.message,
    messageTranslations: filledTranslations(row.messageTranslations ?? {}),
    dateCreated: new Date(row.createdAt).toISOString(),
    severeSymptomGrade: grades
      .filter((g) => g.messageId === row.id)
      .map((g) => ({ logType: refOf(g.logTypeId), grade: g.grade })),
  }) satisfies SevereSymptomMessage;

const messageById = async (db: Db, programId: string, messageId: string) => {
  const row = await q.findMessage(db, programId, messageId);
  if (!row) throw notFound(messages.alertMessageMissing);
  return toMessage(row, await q.findGrades(db, programId));
};

export const listMessages = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  const [rows, grades] = await Promise.all([q.findMessages(ctx.db, programId), q.findGrades(ctx.db, programId)]);
  return rows.map((row) => toMessage(row, grades));
};

/** A message as sent: its text, and its texts per language (blank ones left out; undefined: not sent). */
export interface MessageBody {
  message: string;
  messageTranslations?: Partial<Record<string, string>> | undefined;
}

/** The languages given a text, for the audit (the texts are the program's settings, not logged twice). */
const languagesOf = (translations: Partial<Record<string, string>> | undefined) =>
  translations === undefined ? undefined : { languages: Object.keys(translations).sort() };

export const createMessage = async (scope: RequestScope, programId: string, body: MessageBody) => {
  await inProgram(scope, programId);
  const messageTranslations = filledTranslations(body.messageTranslations ?? {});
  return scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.insertMessage(
      trx,
      programId,
      { message: body.message, messageTranslations },
      scope.ctx.clock.now(),
    );
    await audit(
      scope,
      trx,
      "message.create",
      programId,
      "severe-symptom-message",
      row.id,
      languagesOf(messageTranslations),
    );
    return toMessage(row, []);
  });
};

/** Changes the text; the texts per language when sent (an older client that sends none keeps them). */
export const updateMessage = async (scope: RequestScope, programId: string, messageId: string, body: MessageBody) => {
  await inProgram(scope, programId);
  const messageTranslations =
    body.messageTranslations === undefined ? undefined : filledTranslations(body.messageTranslations);
  return scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.updateMessage(
      trx,
      programId,
      messageId,
      { message: body.message, messageTranslations },
      scope.ctx.clock.now(),
    );
    if (!row) throw notFound(messages.alertMessageMissing);
    await audit(
      scope,
      trx,
      "message.update",
      programId,
      "severe-symptom-message",
      messageId,
      languagesOf(messageTranslations),
    );
    return messageById(trx, programId, messageId);
  });
};

export const deleteMessage = async (scope: RequestScope, programId: string, messageId: string) => {
  await inProgram(scope, programId);
  await scope.ctx.db.transaction().execute(async (trx) => {
    if (!(await q.deleteMessage(trx, programId, messageId))) throw notFound(messages.alertMessageMissing);
    await audit(scope, trx, "message.delete", programId, "severe-symptom-message", messageId);
  });
};

/** A pair already used by any alert message of the program is refused; the unique index settles races. */
export const addGrade = async (scope: RequestScope, programId: string, messageId: string, pair: SymptomGradePair) => {
  await inProgram(scope, programId);
  if (!findLogType(pair.identifier)) throw invalidField("identifier", messages.logTypeUnknown);
  return scope.ctx.db.transaction().execute(async (trx) => {
    if (!(await q.findMessage(trx, programId, messageId))) throw notFound(messages.alertMessageMissing);
    const added = await q.insertGrade(trx, {
      programId,
      messageId,
      logTypeId: pair.identifier,
      grade: pair.grade,
      now: scope.ctx.clock.now(),
    });
    if (!added) throw conflict(messages.symptomPairTaken, "identifier");
    await audit(scope, trx, "grade.add", programId, "severe-symptom-message", messageId, pair);
    return messageById(trx, programId, messageId);
  });
};

export const deleteGrade = async (
  scope: RequestScope,
  programId: string,
  messageId: string,
  pair: SymptomGradePair,
) => {
  await inProgram(scope, programId);
  await scope.ctx.db.transaction().execute(async (trx) => {
    if (!(await q.deleteGrade(trx, programId, messageId, pair.identifier, pair.grade)))
      throw notFound(messages.alertMessageMissing);
    await audit(scope, trx, "grade.delete", programId, "severe-symptom-message", messageId, pair);
  });
};

// ---------------------------------------------------------------------------------------------
// Symptom reminders

export const REMINDER_SWEEP_JOB = "symptom-reminders.sweep";
/** How often due reminders are looked for: a reminder goes out within this long of its time. */
export const REMINDER_SWEEP_SECONDS = 15 * 60;

const scheduleOf = (row: q.ReminderRow | q.ReminderFields): IntervalSchedule => ({
  offsetAmount: row.offsetAmount,
  offsetPeriod: row.offsetPeriod,
  durationAmount: row.durationAmount,
  durationPeriod: row.durationPeriod,
  intervalAmount: row.intervalAmount,
  intervalPeriod: row.intervalPeriod,
});

const toReminder = (row: q.ReminderRow): SymptomReminder => ({
  reminderId: row.id,
  logs: row.logTypeIds.map(refOf),
  schedule: { type: "interval_schedule", data: scheduleOf(row) },
});

type ReminderBody = z.output<typeof symptomReminderBody>;
const fieldsOf = (body: ReminderBody): q.ReminderFields => ({
  logTypeIds: [...new Set(body.logs.map((l) => l.identifier))],
  ...body.schedule.data,
});

/** The next reminder sweep, planned at every start so the chain resumes after any loss. */
export const planNextReminderSweep = (ctx: AppContext) => planSweep(ctx.db, ctx, ctx.clock.now());

/** The sweep runs at the next quarter hour; its key makes one sweep per slot, however many ask. */
const planSweep = (db: Db, ctx: AppContext, at: Date) => {
  const slot = Math.ceil(at.getTime() / (REMINDER_SWEEP_SECONDS * 1000)) * REMINDER_SWEEP_SECONDS * 1000;
  return enqueueJob(
    db,
    ctx.clock,
    REMINDER_SWEEP_JOB,
    {},
    { runAt: new Date(slot), singletonKey: `${REMINDER_SWEEP_JOB}:${slot}` },
  );
};

export const listReminders = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  await inProgram(scope, programId);
  return (await q.findReminders(ctx.db, programId)).map(toReminder);
};

export const createReminder = async (scope: RequestScope, programId: string, body: ReminderBody) => {
  await inProgram(scope, programId);
  checkIdentifiers(
    body.logs.map((l) => l.identifier),
    (i) => `logs.${i}.identifier`,
  );
  return scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.insertReminder(trx, programId, fieldsOf(body), scope.ctx.clock.now());
    await planSweep(trx, scope.ctx, scope.ctx.clock.now());
    await audit(scope, trx, "reminder.create", programId, "symptom-reminder", row.id);
    return toReminder(row);
  });
};

export const updateReminder = async (
  scope: RequestScope,
  programId: string,
  reminderId: string,
  body: Partial<ReminderBody>,
) => {
  await inProgram(scope, programId);
  if (body.logs)
    checkIdentifiers(
      body.logs.map((l) => l.identifier),
      (i) => `logs.${i}.identifier`,
    );
  return scope.ctx.db.transaction().execute(async (trx) => {
    const current = await q.findReminder(trx, programId, reminderId);
    if (!current) throw notFound(messages.reminderMissing);
    const fields: q.ReminderFields = {
      logTypeIds: body.logs ? [...new Set(body.logs.map((l) => l.identifier))] : current.logTypeIds,
      ...(body.schedule ? body.schedule.data : scheduleOf(current)),
    };
    const row = await q.updateReminder(trx, programId, reminderId, fields, scope.ctx.clock.now());
    if (!row) throw notFound(messages.reminderMissing);
    await planSweep(trx, scope.ctx, scope.ctx.clock.now());
    await audit(scope, trx, "reminder.update", programId, "symptom-reminder", reminderId);
    return toReminder(row);
  });
};

export const deleteReminder = async (scope: RequestScope, programId: string, reminderId: string) => {
  await inProgram(scope, programId);
  await scope.ctx.db.transaction().execute(async (trx) => {
    if (!(await q.deleteReminder(trx, programId, reminderId))) throw notFound(messages.reminderMissing);
    await audit(scope, trx, "reminder.delete", programId, "symptom-reminder", reminderId);
  });
};

const reminderMail = (
  ctx: AppContext,
  p: {
    firstName: string;
    programName: string;
    symptoms: string[];
    userId: string;
    email: string;
    /** The account's language and the program's territory: the mail is in the patient's language. */
    language: string | null;
    territory: Territory;
  },
) => {
  const language = patientMailLanguage(p.language, p.territory);
  const text = patientMail(language);
  const program = p.programName;
  const url = `${ctx.settings.publicUrl}/unsubscribe?${new URLSearchParams({
    email: Buffer.from(p.email, "utf8").toString("base64"),
    userId: p.userId,
    token: unsubscribeToken(ctx.settings.jwtSecret, p.userId, p.email),
  }).toString()}`;
  return renderLayout({
    language,
    subject: text("symptomReminderSubject", { program }),
    greeting: text("greeting", { name: p.firstName }),
    paragraphs: [text("symptomReminder", { symptoms: p.symptoms.join(", ") }), text("symptomReminderHow")],
    footer: text("symptomReminderFooter", { program, url }),
  });
};

/**
 * One sweep: each consented patient gets the latest due occurrence of each reminder once (a
 * notification in the app, and an e-mail unless they unsubscribed). The notification's unique
 * source key makes a repeated or concurrent sweep send nothing twice. While reminders exist the
 * sweep plans the next one.
 */
export const sweepReminders = async (ctx: AppContext): Promise<number> => {
  const now = ctx.clock.now();
  let sent = 0;
  for (const r of await q.findReminderRecipients(ctx.db)) {
    const due = dueReminderOccurrence(new Date(r.dateConsentGiven!), scheduleOf(r), new Date(r.reminderSince), now);
    if (!due) continue;
    const programName = r.patientProgramName ?? r.programName;
    const symptoms = r.logTypeIds.map((id) => refOf(id).name);
    // The e-mail names the symptoms as the patient's app does: plain words in the patient's language.
    const words = await loadSymptomWords(patientMailLanguage(r.language, r.territory));
    const plainSymptoms = r.logTypeIds.map((id) => patientSymptomName({ logTypeId: id, name: refOf(id).name }, words));
    // The reminder's version (its last change) is part of the key: an edited schedule starts afresh.
    const sourceKey = `symptom-reminder:${r.reminderId}:${new Date(r.reminderSince).getTime()}:${due.index}`;
    await ctx.db.transaction().execute(async (trx) => {
      const created = await q.insertNotification(trx, {
        programId: r.programId,
        patientId: r.patientId,
        kind: "symptom-reminder",
        // Stored in English as before (the patient's data download, an older reader); the app renders the key.
        title: patientServedText.en.symptomReminderTitle,
        body: `Please log: ${symptoms.join(", ")}.`,
        message: { key: "symptomReminder", values: { logTypeIds: r.logTypeIds } },
        sourceKey,
        now,
      });
      if (!created) return;
      sent++;
      const email = r.consentedEmail ?? r.inviteEmail;
      const mail = r.questionnaireReminders
        ? {
            to: email,
            mail: reminderMail(ctx, {
              firstName: r.firstName,
              programName,
              symptoms: plainSymptoms,
              userId: r.patientId,
              email,
              language: r.language,
              territory: r.territory,
            }),
            category: "patient.symptom-reminder",
          }
        : null;
      // A patient who opted in to push reminders gets one on the phone (naming no symptom); else the e-mail.
      const [unpushed] = await pushOrPass(trx, ctx.clock, [
        {
          userId: r.patientId,
          programId: r.programId,
          kind: "symptom_reminder",
          eventKey: sourceKey,
          fallbackMail: mail,
        },
      ]);
      if (unpushed && mail) await queueMail(trx, ctx.clock, mail.to, mail.mail, mail.category);
    });
  }
  if ((await q.countReminders(ctx.db)) > 0) await planSweep(ctx.db, ctx, addSeconds(now, 1));
  return sent;
};

/** A served text of core's catalogue in `language`, its {placeholders} filled in. */
const servedText = (language: PatientLanguage, key: PatientServedTextKey, values: Record<string, string>) =>
  patientServedText[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * A notification as the patient reads it: one stored with its message key in their language (the
 * symptoms by their plain names), one from before keys were stored (migration 0029) as it was stored.
 */
const readableNotification = (
  row: { title: string; body: string; messageKey: string | null; messageValues: Record<string, unknown> | null },
  language: PatientLanguage,
  words: SymptomWords,
) => {
  const ids = row.messageValues?.logTypeIds;
  if (row.messageKey !== "symptomReminder" || !Array.isArray(ids)) return { title: row.title, body: row.body };
  const symptoms = ids.map((id) => patientSymptomName({ logTypeId: String(id), name: refOf(String(id)).name }, words));
  return {
    title: servedText(language, "symptomReminderTitle", {}),
    body: servedText(language, "symptomReminderBody", { symptoms: symptoms.join(", ") }),
  };
};

/** A stored notification, what it takes to render it as read. */
interface StoredNotification {
  programId: string;
  title: string;
  body: string;
  messageKey: string | null;
  messageValues: Record<string, unknown> | null;
}

/**
 * A patient's stored notifications as they read them (their data download, issue 31 §3): those of
 * each program in the patient's language within that program's territory, from their message key;
 * a row from before keys were stored as it was stored.
 */
export const notificationsAsRead = async <R extends StoredNotification>(
  db: Db,
  userId: string,
  rows: readonly R[],
): Promise<(R & { title: string; body: string })[]> => {
  const programIds = [...new Set(rows.map((r) => r.programId))];
  const languageOf = new Map(
    await Promise.all(
      programIds.map(async (programId) => {
        const reader = await q.findReaderLanguage(db, programId, userId);
        return [programId, patientMailLanguage(reader?.language, reader?.territory)] as const;
      }),
    ),
  );
  const languages = [...new Set(languageOf.values())];
  const wordsOf = new Map(
    await Promise.all(languages.map(async (language) => [language, await loadSymptomWords(language)] as const)),
  );
  return rows.map((row) => {
    const language = languageOf.get(row.programId) ?? "en";
    const words = wordsOf.get(language);
    return words ? { ...row, ...readableNotification(row, language, words) } : row;
  });
};

/**
 * The app's notifications for the signed-in patient in this program (accepted enrolment, else 404),
 * in the patient's language: the account's choice within the program's territory.
 */
export const listNotifications = async (scope: RequestScope, programId: string) => {
  const { db } = scope.ctx;
  const enrolment = await q.findEnrolment(db, programId, scope.actor.userId);
  if (!enrolment?.inviteAcceptedAt) throw notFound();
  const [rows, reader] = await Promise.all([
    q.findNotifications(db, programId, scope.actor.userId),
    q.findReaderLanguage(db, programId, scope.actor.userId),
  ]);
  const language = patientMailLanguage(reader?.language, reader?.territory);
  const words = await loadSymptomWords(language);
  return {
    results: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      ...readableNotification(r, language, words),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
};
