import type { AuditFilter } from "@openpro/core";
import { auditFromInstant, auditToInstant } from "@openpro/core";
import { type SelectQueryBuilder, sql } from "kysely";
import type { Db, SqlFragment } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";

type From = Database & { a: Database["auditLog"] };

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const prefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filter as SQL. `reachOf`: null for an admin (every entry); otherwise the programs that bound
 * the search (platform/access programsPermitting; entries without a program stay out).
 */
const filtered = (db: Db, filter: AuditFilter, reachOf: SqlFragment | null) =>
  db.selectFrom("auditLog as a").where((eb) => {
    const and = [];
    if (reachOf !== null) and.push(sql<boolean>`a.program_id IN ${reachOf}`);
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
      // Staff find a patient by what the entry's program knows of them (its enrolment); only
      // admins also by the account's registered name and e-mail.
      const byEnrolment = sql<boolean>`EXISTS (SELECT 1 FROM program_patients pp
        WHERE pp.program_id = a.program_id AND pp.user_id = a.patient_id
          AND (pp.first_name || ' ' || pp.last_name ILIKE ${pattern} OR pp.invite_email ILIKE ${pattern}
            OR coalesce(pp.consented_email, '') ILIKE ${pattern} OR coalesce(pp.patient_id, '') ILIKE ${pattern}))`;
      const byAccount = sql<boolean>`a.patient_id IN (SELECT u.id FROM users u WHERE u.scope = 'patient'
        AND (u.first_name || ' ' || u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern}))`;
      and.push(reachOf === null ? eb.or([byEnrolment, byAccount]) : byEnrolment);
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
    // A patient is named as the entry's program knows them (its enrolment), never by what they
    // registered or gave another program; only an entry of no program (admins' view) names the account.
    .leftJoin("programPatients as enrolment", (j) =>
      j.onRef("enrolment.programId", "=", "a.programId").onRef("enrolment.userId", "=", "a.patientId"),
    )
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
      sql<string | null>`CASE WHEN a.program_id IS NULL THEN patient.first_name ELSE enrolment.first_name END`.as(
        "patientFirstName",
      ),
      sql<string | null>`CASE WHEN a.program_id IS NULL THEN patient.last_name ELSE enrolment.last_name END`.as(
        "patientLastName",
      ),
      sql<string | null>`CASE WHEN a.program_id IS NULL THEN patient.email
        ELSE coalesce(enrolment.consented_email, enrolment.invite_email) END`.as("patientEmail"),
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
export const findPage = (db: Db, filter: AuditFilter, reachOf: SqlFragment | null, offset: number, limit: number) =>
  withNames(filtered(db, filter, reachOf))
    .orderBy("a.id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();

export const countEntries = async (db: Db, filter: AuditFilter, reachOf: SqlFragment | null): Promise<number> =>
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
  reachOf: SqlFragment | null,
  beforeId: number | null,
  limit: number,
) =>
  withNames(filtered(db, filter, reachOf))
    .$if(beforeId !== null, (qb) => qb.where("a.id", "<", String(beforeId)))
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
