import type { Clock } from "../../clock.js";
import type { Db, SqlFragment } from "../../db/kysely.js";
import { auditEntryInsert, insertAuditEntry } from "./queries.js";

export interface AuditContext {
  requestId?: string | null;
  clientRequestId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditEvent {
  action: string;
  outcome: "success" | "failure" | "refused";
  actorUserId?: string | null;
  entityType?: string;
  entityId?: string;
  programId?: string;
  patientId?: string;
  /** Never passwords, codes or tokens. */
  details?: Record<string, unknown>;
}

/** An event about one patient's record in one program: what was read of it, exported or done to it. */
export const patientRecordEvent = (
  action: string,
  programId: string,
  patientId: string,
  details: Record<string, unknown> = {},
) => ({ action, entityType: "patient", entityId: patientId, patientId, programId, details });

/** The row of an event, its details left to the caller. */
const entryOf = (clock: Clock, context: AuditContext, event: AuditEvent) => ({
  at: clock.now(),
  actorUserId: event.actorUserId ?? null,
  action: event.action,
  entityType: event.entityType ?? null,
  entityId: event.entityId ?? null,
  programId: event.programId ?? null,
  patientId: event.patientId ?? null,
  outcome: event.outcome,
  requestId: context.requestId ?? null,
  clientRequestId: context.clientRequestId ?? null,
  ip: context.ip ?? null,
  userAgent: context.userAgent ? context.userAgent.slice(0, 512) : null,
});

/** Appends to the audit log (the table refuses updates and deletes; a trigger chains each row's hash). */
export const writeAudit = (db: Db, clock: Clock, context: AuditContext, event: AuditEvent): Promise<void> =>
  insertAuditEntry(db, {
    ...entryOf(clock, context, event),
    details: event.details ? JSON.stringify(event.details) : null,
  });

/**
 * The same entry as part of the statement that makes the change (auditEntryInsert), its details
 * (a JSON object) computed by that statement.
 */
export const auditInStatement = (
  clock: Clock,
  context: AuditContext,
  event: Omit<AuditEvent, "details">,
  details: SqlFragment,
): SqlFragment => auditEntryInsert(entryOf(clock, context, event), details);
