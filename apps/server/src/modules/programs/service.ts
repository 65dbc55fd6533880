import { randomUUID } from "node:crypto";
import {
  can,
  filledTranslations,
  isAdminType,
  messages,
  type NoteType,
  type Permission,
  type Program,
  type ProgramInScope,
  type ProgramKind,
  patientIdTypes,
  programState,
  type Territory,
  territoryAlertDefaults,
  todayIn,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram, type ProgramScope } from "../../platform/access/program-scope.js";
import { findOrganisationIdsOfUser } from "../../platform/access/queries.js";
import { listingScope } from "../../platform/access/scope.js";
import type { Actor } from "../../platform/auth/actor.js";
import type { AppContext } from "../../platform/context.js";
import { AppError, conflict, forbidden, invalidField, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { assertStoredImageUrls } from "./images.js";
import * as q from "./queries.js";

export { readImage, uploadProgramImage } from "./images.js";

export interface ProgramInput {
  name?: string | undefined;
  patientProgramName?: string | undefined;
  description?: string | undefined;
  territory?: "UK_IRE" | "US" | "CH" | undefined;
  organisationId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** Weeks each patient takes part (the wire's projectPeriod); null clears it. */
  projectPeriod?: number | null | undefined;
  disabledNoteTypes?: NoteType[] | undefined;
  defaultPatientIdType?: string | undefined;
  customPatientIdName?: string | undefined;
  inviteMode?: "individual" | "public" | undefined;
  populateNvAppointments?: boolean | undefined;
  adverseEventReportingMessage?: string | undefined;
  consentMessage?: string | undefined;
  consentMessageTranslations?: Partial<Record<string, string>> | undefined;
  disclaimer?: string | undefined;
  temperatureMin?: number | null | undefined;
  temperatureMax?: number | null | undefined;
  temperatureMessage?: string | undefined;
  defaultAlertMessage?: string | undefined;
  articles?: { articleId?: string | undefined; header: string; url: string }[] | undefined;
  imageUrl?: string | undefined;
  thumbnailUrl?: string | undefined;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** Closed and active on the program's own today (its territory's date). */
const stateOf = (row: q.ProgramRow, now: Date) =>
  programState(
    { startDate: row.startDate, endDate: row.endDate, endedAt: row.endedAt?.toISOString() ?? null },
    todayIn(row.territory, now),
  );

/**
 * The program as the other modules' rules need it, if the actor (if any) may reach it: the reach
 * and the row in one statement, as every program-scoped request starts with it.
 */
export const loadProgram = async (ctx: AppContext, actor: Actor | null, programId: string) => {
  const row = await q.findProgram(ctx.db, programId, actor ? listingScope(actor) : null);
  if (!row) throw notFound();
  return { ...row, closed: stateOf(row, ctx.clock.now()).closed };
};
/** A program as the rules of other modules take it: loaded here, or the program scope defineRoute resolved. */
export type LoadedProgram = Omit<Awaited<ReturnType<typeof loadProgram>>, "consentedPatientsCount">;

/**
 * The program as this actor may read it: a setting behind its own view permission is left out
 * (null or empty), whatever the form shows — the form's hiding is not the control.
 */
export const toProgram = (row: q.ProgramRow, actor: Actor, now: Date): Program => {
  const { closed, active } = stateOf(row, now);
  const sees = (permission: Permission) => can(actor, permission);
  const seesThresholds = sees("view_project_temperature_severity_threshold");
  return {
    projectId: row.id,
    name: row.name,
    patientProgramName: sees("view_patient_program_name") ? row.patientProgramName : null,
    description: row.description,
    territory: row.territory,
    organisationId: row.organisationId,
    organisationName: row.organisationName,
    startDate: row.startDate,
    endDate: row.endDate,
    endedAt: row.endedAt?.toISOString() ?? null,
    inviteMode: row.inviteMode,
    kind: row.isPrivate ? "private" : "individual",
    isPrivate: row.isPrivate,
    imageUrl: row.imageUrl,
    thumbnailUrl: row.thumbnailUrl,
    closed,
    isProjectActive: active,
    adverseEventReportingMessage: row.adverseEventReportingMessage,
    consentMessage: sees("view_project_consent_message") ? row.consentMessage : null,
    consentMessageTranslations: sees("view_project_consent_message") ? (row.consentMessageTranslations ?? {}) : {},
    disclaimer: row.disclaimer,
    temperatureMin: seesThresholds ? numberOrNull(row.temperatureMin) : null,
    temperatureMax: seesThresholds ? numberOrNull(row.temperatureMax) : null,
    temperatureMessage: seesThresholds ? row.temperatureMessage : null,
    defaultAlertMessage: sees("view_project_symptom_severity_threshold") ? row.defaultAlertMessage : null,
    articles: sees("view_project_articles") || sees("edit_project") ? (row.articles ?? []) : [],
    consentedPatientsCount: Number(row.consentedPatientsCount ?? 0),
    // Outcome measures: set through the questionnaires module (which enforces the active-type rule).
    availableQuestionnaireTypes: row.availableQuestionnaireTypes ?? [],
    populateNvAppointments: row.populateNvAppointments,
    projectPeriod: sees("view_patient_participation_duration") ? row.participationWeeks : null,
    disabledNoteTypes: row.disabledNoteTypes as NoteType[],
    defaultPatientIdType: row.defaultPatientIdType as Program["defaultPatientIdType"],
    customPatientIdName: row.customPatientIdName,
    createdAt: row.createdAt.toISOString(),
    canView: can(actor, "view_project"),
  };
};

export const listPrograms = async (
  { ctx, actor }: RequestScope,
  query: { _page: number; _perPage: number; organisationId?: string | undefined },
) => {
  const { rows, totalCount } = await q.findProgramPage(ctx.db, {
    organisationId: query.organisationId,
    memberUserId: listingScope(actor),
    page: query._page,
    perPage: query._perPage,
  });
  const now = ctx.clock.now();
  return { results: rows.map((row) => toProgram(row, actor, now)), totalCount };
};

const findReachableProgram = async (scope: RequestScope, programId: string) => {
  const { ctx } = await inProgram(scope, programId);
  const row = await q.findProgram(ctx.db, programId);
  if (!row) throw notFound();
  return row;
};

/** The program as its page loads it, with the caller's permissions in it (defineRoute resolved both). */
export const getProgram = async (program: ProgramScope): Promise<ProgramInScope> => {
  const row = await q.findProgram(program.ctx.db, program.programId);
  if (!row) throw notFound();
  return { ...toProgram(row, program.actor, program.ctx.clock.now()), myPermissions: [...program.permissions] };
};

/** Fields that need their own edit permission besides create/edit_project. */
const gatedFields: [keyof ProgramInput, Permission][] = [
  ["patientProgramName", "edit_patient_program_name"],
  ["projectPeriod", "edit_patient_participation_duration"],
  ["disabledNoteTypes", "edit_disable_meds_appointment_notes"],
  ["consentMessage", "edit_project_consent_message"],
  ["consentMessageTranslations", "edit_project_consent_message"],
  ["temperatureMin", "edit_project_temperature_severity_threshold"],
  ["temperatureMax", "edit_project_temperature_severity_threshold"],
  ["temperatureMessage", "edit_project_temperature_severity_threshold"],
  ["defaultAlertMessage", "edit_project_symptom_severity_threshold"],
  ["articles", "edit_project"],
];

const assertGatedFields = (actor: Actor, body: ProgramInput) => {
  for (const [field, permission] of gatedFields) {
    if (body[field] !== undefined && !can(actor, permission)) throw forbidden();
  }
  if (body.inviteMode === "public" && !can(actor, "edit_public_invite_codes")) throw forbidden();
};

/**
 * What the spec gives to admins: the territory (it sets the program's dates and time zone), the
 * organisation, and closing (the end date; ending now is the admin page's End Program). edit_project
 * changes the settings form, not these. Sending the value it already has is not a change.
 */
const assertAdminFields = (actor: Actor, body: ProgramInput, current: q.ProgramRow) => {
  if (isAdminType(actor)) return;
  const changed: [string, boolean][] = [
    ["territory", body.territory !== undefined && body.territory !== current.territory],
    ["organisationId", body.organisationId !== undefined && body.organisationId !== current.organisationId],
    ["endDate", body.endDate !== undefined && (body.endDate || null) !== current.endDate],
  ];
  const fields = changed.filter(([, isChanged]) => isChanged).map(([field]) => field);
  if (fields.length)
    throw new AppError(
      403,
      messages.adminOnlyField,
      undefined,
      fields.map((field) => ({ field, message: messages.adminOnlyField })),
    );
};

const assertNameFree = async (ctx: AppContext, name: string, exceptId?: string) => {
  if (await q.findProgramByName(ctx.db, name, exceptId)) throw conflict(messages.programNameTaken, "name");
};

/** Admin-type users choose the organisation; others create in their own. */
const resolveOrganisation = async (ctx: AppContext, actor: Actor, requested: string | undefined) => {
  if (isAdminType(actor)) {
    // An id that names no organisation is as good as none (and must not reach the foreign key).
    if (!requested || !(await q.organisationExists(ctx.db, requested)))
      throw invalidField("organisationId", messages.organisationRequired);
    return requested;
  }
  const own = await findOrganisationIdsOfUser(ctx.db, actor.userId);
  if (requested) {
    if (!own.includes(requested)) throw invalidField("organisationId", messages.organisationRequired);
    return requested;
  }
  if (own.length !== 1) throw invalidField("organisationId", messages.organisationRequired);
  return own[0]!;
};

const columnsFrom = (body: ProgramInput) => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.patientProgramName !== undefined ? { patientProgramName: body.patientProgramName || null } : {}),
  ...(body.description !== undefined ? { description: body.description || null } : {}),
  ...(body.territory !== undefined ? { territory: body.territory } : {}),
  ...(body.startDate !== undefined ? { startDate: body.startDate } : {}),
  ...(body.endDate !== undefined ? { endDate: body.endDate || null } : {}),
  ...(body.projectPeriod !== undefined ? { participationWeeks: body.projectPeriod } : {}),
  ...(body.disabledNoteTypes !== undefined ? { disabledNoteTypes: body.disabledNoteTypes } : {}),
  ...(body.defaultPatientIdType !== undefined ? { defaultPatientIdType: body.defaultPatientIdType } : {}),
  ...(body.customPatientIdName !== undefined || body.defaultPatientIdType !== undefined
    ? { customPatientIdName: body.defaultPatientIdType === "other" ? body.customPatientIdName || null : null }
    : {}),
  ...(body.inviteMode !== undefined ? { inviteMode: body.inviteMode } : {}),
  ...(body.populateNvAppointments !== undefined ? { populateNvAppointments: body.populateNvAppointments } : {}),
  ...(body.adverseEventReportingMessage !== undefined
    ? { adverseEventReportingMessage: body.adverseEventReportingMessage || null }
    : {}),
  ...(body.consentMessage !== undefined ? { consentMessage: body.consentMessage || null } : {}),
  ...(body.consentMessageTranslations !== undefined
    ? { consentMessageTranslations: JSON.stringify(filledTranslations(body.consentMessageTranslations)) }
    : {}),
  ...(body.disclaimer !== undefined ? { disclaimer: body.disclaimer || null } : {}),
  ...(body.temperatureMin !== undefined ? { temperatureMin: body.temperatureMin } : {}),
  ...(body.temperatureMax !== undefined ? { temperatureMax: body.temperatureMax } : {}),
  ...(body.temperatureMessage !== undefined ? { temperatureMessage: body.temperatureMessage || null } : {}),
  ...(body.defaultAlertMessage !== undefined ? { defaultAlertMessage: body.defaultAlertMessage || null } : {}),
  // An article keeps its id across saves; a new one gets its own.
  ...(body.articles !== undefined
    ? {
        articles: JSON.stringify(
          body.articles.map((a) => ({ articleId: a.articleId || randomUUID(), header: a.header, url: a.url })),
        ),
      }
    : {}),
  ...(body.imageUrl !== undefined ? { imageUrl: body.imageUrl || null } : {}),
  ...(body.thumbnailUrl !== undefined ? { thumbnailUrl: body.thumbnailUrl || null } : {}),
});

/** Checked against the stored value when only one threshold changes. */
const assertTemperatureOrder = (min: number | null, max: number | null) => {
  if (min !== null && max !== null && min > max) throw invalidField("temperatureMax", messages.temperatureMinAboveMax);
};

const assertDates = (startDate: string, endDate: string | null | undefined) => {
  if (endDate && endDate < startDate) throw invalidField("endDate", "The end date cannot be before the start date");
};

export const createProgram = async (
  scope: RequestScope,
  body: ProgramInput & { name: string; territory: "UK_IRE" | "US" | "CH"; startDate: string; kind?: ProgramKind },
) => {
  const { ctx, actor } = scope;
  assertGatedFields(actor, body);
  // A private program's patients join only with invite codes: who manages those chooses it.
  if (body.kind === "private" && !can(actor, "edit_public_invite_codes")) throw forbidden();
  await assertStoredImageUrls(ctx, body);
  assertDates(body.startDate, body.endDate);
  await assertNameFree(ctx, body.name);
  const organisationId = await resolveOrganisation(ctx, actor, body.organisationId);
  // A program starts ready (issue 30 §1): each alert setting its creator left out is the
  // territory's default, which the settings page then shows the admin to confirm.
  const defaults = territoryAlertDefaults(body.territory);
  // The audit entry is written with the change it records: both or neither.
  const programId = await ctx.db.transaction().execute(async (trx) => {
    const id = await q.insertProgram(trx, {
      ...columnsFrom(body),
      temperatureMin: body.temperatureMin ?? defaults.temperatureMin,
      temperatureMax: body.temperatureMax ?? defaults.temperatureMax,
      temperatureMessage: body.temperatureMessage || defaults.temperatureMessage,
      defaultAlertMessage: body.defaultAlertMessage || defaults.defaultAlertMessage,
      name: body.name,
      territory: body.territory,
      startDate: body.startDate,
      organisationId,
      inviteMode: body.inviteMode ?? "individual",
      isPrivate: body.kind === "private",
      endedAt: null,
      createdAt: ctx.clock.now(),
    });
    await scope.audit({ action: "program.create", entityType: "program", entityId: id, programId: id }, trx);
    return id;
  });
  return { projectId: programId };
};

export const updateProgram = async (scope: RequestScope, programId: string, body: ProgramInput) => {
  const { ctx, actor } = scope;
  const current = await findReachableProgram(scope, programId);
  assertGatedFields(actor, body);
  assertAdminFields(actor, body, current);
  await assertStoredImageUrls(ctx, body);
  if (body.organisationId !== undefined && body.organisationId !== current.organisationId) throw forbidden();
  assertDates(body.startDate ?? current.startDate, body.endDate === undefined ? current.endDate : body.endDate);
  assertTemperatureOrder(
    body.temperatureMin === undefined ? numberOrNull(current.temperatureMin) : body.temperatureMin,
    body.temperatureMax === undefined ? numberOrNull(current.temperatureMax) : body.temperatureMax,
  );
  if (body.name) await assertNameFree(ctx, body.name, programId);
  // Correcting the start date (mistyped at creation): never after a patient already took part.
  if (body.startDate !== undefined && body.startDate !== current.startDate) {
    const firstConsent = await q.findFirstConsent(ctx.db, programId);
    const firstDay = firstConsent ? todayIn(current.territory as Territory, firstConsent) : null;
    if (firstDay && body.startDate > firstDay)
      throw invalidField("startDate", messages.programStartAfterConsent(firstDay));
  }
  const { organisationId: _ignored, ...changes } = body;
  // The corrections a record must show (what the program said before): its start date and the
  // identifier its patients are enrolled with.
  const corrected = Object.fromEntries(
    (["startDate", "defaultPatientIdType", "customPatientIdName"] as const)
      .filter((key) => changes[key] !== undefined && (changes[key] ?? null) !== (current[key] ?? null))
      .map((key) => [key, { from: current[key] ?? null, to: changes[key] ?? null }]),
  );
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateProgram(trx, programId, columnsFrom(changes));
    await scope.audit(
      {
        action: "program.update",
        entityType: "program",
        entityId: programId,
        programId,
        details: { fields: Object.keys(changes), ...(Object.keys(corrected).length > 0 ? { corrected } : {}) },
      },
      trx,
    );
  });
  const updated = await q.findProgram(ctx.db, programId);
  if (!updated) throw notFound();
  return toProgram(updated, actor, ctx.clock.now());
};

/** Takes the image off the program (either upload permission, as for uploading one). */
export const removeProgramImage = async (scope: RequestScope, programId: string) => {
  const { ctx, actor } = scope;
  await findReachableProgram(scope, programId);
  if (!can(actor, "upload_image") && !can(actor, "upload_project_image")) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateProgram(trx, programId, { imageUrl: null, thumbnailUrl: null });
    await scope.audit({ action: "program.image.remove", entityType: "program", entityId: programId, programId }, trx);
  });
};

export const deleteProgram = async (scope: RequestScope, programId: string) => {
  const { ctx } = scope;
  const program = await findReachableProgram(scope, programId);
  // Deleting never cascades into people: every team member (and patient) must be removed first.
  if ((await q.countProgramTeam(ctx.db, programId)) > 0 || (await q.countProgramPatients(ctx.db, programId)) > 0) {
    throw conflict(messages.programHasMembers);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await q.deleteProgram(trx, programId);
    await scope.audit(
      { action: "program.delete", entityType: "program", entityId: programId, details: { name: program.name } },
      trx,
    );
  });
};

/** Marks the program ended now, in the caller's transaction (ending it is the admin module's act). */
export const markProgramEnded = (db: Db, programId: string, at: Date) =>
  q.updateProgram(db, programId, { endedAt: at });

export const listPatientIdTypes = () => ({ patientIdTypes: patientIdTypes.map((t) => ({ id: t.id, name: t.name })) });
