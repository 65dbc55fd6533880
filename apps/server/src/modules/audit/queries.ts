import type { AuditFilter } from "@openpro/core";
import { auditFromInstant, auditToInstant } from "@openpro/core";
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";

type From = Database & { a: Database["auditLog"] };

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const prefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Programs in a user's reach: their program teams and their organisations' programs (accepted). */
const reachablePrograms = (eb: ExpressionBuilder<From, "a">, userId: string) =>
  eb
    .selectFrom("programs")
    .select("programs.id")
    .where((w) =>
      w.or([
        w.exists(
          w
            .selectFrom("programStaff")
            .select("programStaff.userId")
            .whereRef("programStaff.programId", "=", "programs.id")
            .where("programStaff.userId", "=", userId)
            .where("programStaff.inviteAccepted", "=", true),
        ),
        w.exists(
          w
            .selectFrom("organisationStaff")
            .select("organisationStaff.userId")
            .whereRef("organisationStaff.organisationId", "=", "programs.organisationId")
            .where("organisationStaff.userId", "=", userId)
            .where("organisationStaff.inviteAccepted", "=", true),
        ),
      ]),
    );

/**
 * The filter as SQL. `reachOf`: null for an admin (every entry); otherwise the user whose
 * programs bound the search (entries without a program stay out).
 */
const filtered = (db: Db, filter: AuditFilter, reachOf: string | null) =>
  db.selectFrom("auditLog as a").where((eb) => {
    const and = [];
    if (reachOf !== null) and.push(eb("a.programId", "in", reachablePrograms(eb, reachOf)));
    if (filter.projectId) and.push(eb("a.programId", "=", filter.projectId));
    if (filter.actorId) and.push(eb("a.actorUserId", "=", filter.actorId));
    if (filter.actor) {
      const pattern = like(filter.actor);
      and.push(
        eb(
          "a.actorUserId",
          "in",
          eb
            .selectFrom("users")
            .select("users.id")
            .where((u) =>
              u.or([
                u(sql<string>`users.first_name || ' ' || users.last_name`, "ilike", pattern),
                u("users.email", "ilike", pattern),
              ]),
            ),
        ),
      );
    }
    if (filter.patientId) and.push(eb("a.patientId", "=", filter.patientId));
    if (filter.patient) {
      const pattern = like(filter.patient);
      and.push(
        eb.or([
          eb(
            "a.patientId",
            "in",
            eb
              .selectFrom("users")
              .select("users.id")
              .where("users.scope", "=", "patient")
              .where((u) =>
                u.or([
                  u(sql<string>`users.first_name || ' ' || users.last_name`, "ilike", pattern),
                  u("users.email", "ilike", pattern),
                ]),
              ),
          ),
          eb(
            "a.patientId",
            "in",
            eb
              .selectFrom("programPatients")
              .select("programPatients.userId")
              .where((p) =>
                p.or([
                  p(sql<string>`program_patients.first_name || ' ' || program_patients.last_name`, "ilike", pattern),
                  p("programPatients.inviteEmail", "ilike", pattern),
                  p("programPatients.patientId", "ilike", pattern),
                ]),
              ),
          ),
        ]),
      );
    }
    if (filter.action)
      and.push(eb.or([eb("a.action", "=", filter.action), eb("a.action", "like", prefix(filter.action))]));
    if (filter.outcome) and.push(eb("a.outcome", "=", filter.outcome));
    if (filter.ip) and.push(eb("a.ip", "like", prefix(filter.ip)));
    if (filter.from) and.push(eb("a.at", ">=", auditFromInstant(filter.from)));
    if (filter.to) and.push(eb("a.at", "<", auditToInstant(filter.to)));
    return eb.and(and);
  });

const withNames = <O>(query: SelectQueryBuilder<From, "a", O>) =>
  query
    .leftJoin("users as actor", "actor.id", "a.actorUserId")
    .leftJoin("users as patient", "patient.id", "a.patientId")
    .leftJoin("programs as program", "program.id", "a.programId")
    .select([
      "a.id",
      "a.at",
      "a.action",
      "a.outcome",
      "a.actorUserId",
      "actor.firstName as actorFirstName",
      "actor.lastName as actorLastName",
      "actor.email as actorEmail",
      "actor.role as actorRole",
      "a.patientId",
      "patient.firstName as patientFirstName",
      "patient.lastName as patientLastName",
      "patient.email as patientEmail",
      "a.programId",
      "program.name as programName",
      "a.entityType",
      "a.entityId",
      "a.ip",
      "a.userAgent",
      "a.requestId",
      "a.details",
      "a.chainPosition",
      "a.hash",
    ]);

export type AuditRow = Awaited<ReturnType<typeof findPage>>[number];

/** One page, newest first. */
export const findPage = (db: Db, filter: AuditFilter, reachOf: string | null, offset: number, limit: number) =>
  withNames(filtered(db, filter, reachOf))
    .orderBy("a.id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();

export const countEntries = async (db: Db, filter: AuditFilter, reachOf: string | null): Promise<number> =>
  Number(
    (
      await filtered(db, filter, reachOf)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A keyset page for the export: entries older than `beforeId`, newest first. */
export const findExportPage = (
  db: Db,
  filter: AuditFilter,
  reachOf: string | null,
  beforeId: number | null,
  limit: number,
) =>
  withNames(filtered(db, filter, reachOf))
    .$if(beforeId !== null, (qb) => qb.where("a.id", "<", String(beforeId)))
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
