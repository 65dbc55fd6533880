import { type Permission, permissionsInProgram, programState, todayIn } from "@openpro/core";
import type { Actor } from "../auth/actor.js";
import { forbidden, notFound } from "../errors.js";
import { type RequestScope, requestScope } from "../request-scope.js";
import { findProgramAccess, type ProgramAccessRow } from "./queries.js";
import { reachesEverything } from "./scope.js";

/** The program of a request, as its rules need it. */
export interface ProgramInScope extends ProgramAccessRow {
  /** Ended, or past its end date on its own territory's today. */
  closed: boolean;
}

/**
 * A request inside one program: who asks (with the permissions they hold IN this program, not
 * their account's), the program within their reach, and audit bound to both. What a
 * program-scoped service takes; defineRoute builds it once per request.
 */
export interface ProgramScope extends RequestScope<Actor> {
  programId: string;
  program: ProgramInScope;
  /** The caller's permissions in this program; `actor.permissions` holds the same list. */
  permissions: readonly Permission[];
}

/** Refusals already written to the audit log (defineRoute audits the other 404s a handler throws). */
const auditedRefusals = new WeakSet<Error>();
export const isAuditedRefusal = (error: unknown): boolean => error instanceof Error && auditedRefusals.has(error);
const audited = <E extends Error>(error: E): E => {
  auditedRefusals.add(error);
  return error;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** What a refusal names in the audit log: the route's pattern and the ids the caller sent. */
export interface RefusalTarget {
  route: string;
  ids?: Record<string, unknown>;
}

/**
 * Resolves a program for a caller: 404 outside their reach (audited, so the program's security
 * officer sees probing), 403 (audited) when the role they hold there lacks `permission`.
 */
export const resolveProgramScope = async (
  scope: RequestScope<Actor>,
  programId: string,
  permission: Permission | null,
  target: RefusalTarget,
): Promise<ProgramScope> => {
  const { ctx, actor } = scope;
  const everything = reachesEverything(actor);
  // An id that is no UUID names no program (and must not reach a uuid column).
  const row = UUID.test(programId)
    ? await findProgramAccess(ctx.db, programId, everything ? null : actor.userId)
    : undefined;
  const inReach = !!row && (everything || row.programRole !== null || row.organisationRole !== null);
  if (!row || !inReach) {
    await scope.audit({
      action: "access.refused",
      outcome: "refused",
      entityType: "program",
      ...(row ? { entityId: programId, programId } : {}),
      details: {
        route: target.route,
        reason: row ? "out of reach" : "no such program",
        programId: programId.slice(0, 64),
        ...(target.ids ? { ids: target.ids } : {}),
      },
    });
    throw audited(notFound());
  }
  const permissions = permissionsInProgram(actor, row);
  if (permission && !permissions.includes(permission)) {
    await scope.audit({
      action: "permission.refused",
      outcome: "refused",
      programId,
      details: { permission, route: target.route, inProgram: true },
    });
    throw audited(forbidden());
  }
  const programActor: Actor = { ...actor, permissions };
  const { closed } = programState(
    { startDate: row.startDate, endDate: row.endDate, endedAt: row.endedAt?.toISOString() ?? null },
    todayIn(row.territory, ctx.clock.now()),
  );
  return {
    ...requestScope(ctx, scope.meta, programActor),
    programId,
    program: { ...row, closed },
    permissions,
  };
};

const isProgramScope = (scope: RequestScope<Actor>): scope is ProgramScope =>
  "programId" in scope && "program" in scope && "permissions" in scope;

/**
 * The program scope a service works in: the one defineRoute resolved for the route's program (no
 * second look-up), or, for a program the service found otherwise (a record's), resolved now —
 * 404 outside the caller's reach, audited. Services never re-check reach themselves.
 */
export const inProgram = (scope: RequestScope<Actor>, programId: string): Promise<ProgramScope> =>
  isProgramScope(scope) && scope.programId === programId
    ? Promise.resolve(scope)
    : resolveProgramScope(scope, programId, null, { route: "service" });
