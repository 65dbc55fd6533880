import { type Insertable, sql } from "kysely";
import { type Db, PREPARED, type SqlFragment } from "../../db/kysely.js";
import type { AuditLogTable } from "../../db/schema.js";

/**
 * One entry's INSERT as part of the statement that makes the change it records (a WITH query):
 * atomic with it, without a transaction's round trips. Its details are an SQL expression of that
 * statement (counts of what it wrote, say); an expression that reads the statement's other parts
 * also makes the entry wait for them, so the chain's head is taken at the statement's end.
 */
export const auditEntryInsert = (entry: Omit<Insertable<AuditLogTable>, "details">, details: SqlFragment) =>
  sql`INSERT INTO audit_log (at, actor_user_id, action, entity_type, entity_id, program_id, patient_id, outcome,
      request_id, client_request_id, ip, user_agent, details)
    VALUES (${entry.at}::timestamptz, ${entry.actorUserId ?? null}::uuid, ${entry.action}, ${entry.entityType ?? null},
      ${entry.entityId ?? null}, ${entry.programId ?? null}::uuid, ${entry.patientId ?? null}::uuid, ${entry.outcome},
      ${entry.requestId ?? null}, ${entry.clientRequestId ?? null}, ${entry.ip ?? null}, ${entry.userAgent ?? null},
      ${details})`;

/**
 * One entry appended (the chaining trigger sets its position and hash). Written out and prepared:
 * nearly every write of every request appends one, and building it with the query builder cost
 * ~0.2 ms of JavaScript each time.
 */
export const insertAuditEntry = async (db: Db, entry: Insertable<AuditLogTable>): Promise<void> => {
  const { details, ...row } = entry;
  await sql`${PREPARED}${auditEntryInsert(row, sql`${details ?? null}::jsonb`)}`.execute(db);
};

export interface ChainRow {
  id: number;
  chainPosition: number;
  hash: string;
  /** audit_log_canonical(row): what the hash covers, rendered by the database (migration 0015). */
  canonical: string;
}

/** One page of the chain, in chain order, after a position. */
export const findChainPage = async (db: Db, afterPosition: number, limit: number): Promise<ChainRow[]> =>
  (
    await sql<ChainRow>`
      SELECT a.id, a.chain_position AS "chainPosition", a.hash, audit_log_canonical(a) AS canonical
      FROM audit_log a WHERE a.chain_position > ${afterPosition}
      ORDER BY a.chain_position LIMIT ${limit}`.execute(db)
  ).rows.map((r) => ({ ...r, id: Number(r.id), chainPosition: Number(r.chainPosition) }));

/** The head the chaining trigger keeps: the last position and hash it handed out. */
export const findChainHead = async (db: Db): Promise<{ position: number; hash: string } | null> => {
  const { rows } = await sql<{ position: number; hash: string }>`
    SELECT position, hash FROM audit_chain_head`.execute(db);
  return rows[0] ? { position: Number(rows[0].position), hash: rows[0].hash } : null;
};
