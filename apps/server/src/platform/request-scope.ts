import type { Db, SqlFragment } from "../db/kysely.js";
import { type AuditEvent, auditInStatement, writeAudit } from "./audit/audit.js";
import type { Actor } from "./auth/actor.js";
import type { AppContext, RequestMeta } from "./context.js";

/** Who asks, in which request, on which server: what every service call needs. */
export interface RequestScope<A extends Actor | null = Actor> {
  ctx: AppContext;
  meta: RequestMeta;
  actor: A;
  /** Audit entry for this actor and request; pass a transaction to write it with the change it records. */
  audit(
    event: Omit<AuditEvent, "actorUserId" | "outcome"> & {
      outcome?: AuditEvent["outcome"];
      /** Only where the actor is not the one acting (a sign-up before its session exists). */
      actorUserId?: string | null;
    },
    db?: Db,
  ): Promise<void>;
  /**
   * The same entry for this actor and request as part of the statement that makes the change
   * (a WITH query): its details an SQL expression (a JSON object) of that statement.
   */
  auditInStatement(event: Omit<AuditEvent, "actorUserId" | "outcome" | "details">, details: SqlFragment): SqlFragment;
}

export const requestScope = <A extends Actor | null>(
  ctx: AppContext,
  meta: RequestMeta,
  actor: A,
): RequestScope<A> => ({
  ctx,
  meta,
  actor,
  audit: (event, db) =>
    writeAudit(db ?? ctx.db, ctx.clock, meta, {
      ...event,
      outcome: event.outcome ?? "success",
      actorUserId: event.actorUserId !== undefined ? event.actorUserId : (actor?.userId ?? null),
    }),
  auditInStatement: (event, details) =>
    auditInStatement(ctx.clock, meta, { ...event, outcome: "success", actorUserId: actor?.userId ?? null }, details),
});
