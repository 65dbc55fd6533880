import { type Insertable, sql } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { AuditLogTable } from "../../db/schema.js";

export const insertAuditEntry = async (db: Db, entry: Insertable<AuditLogTable>): Promise<void> => {
  await db.insertInto("auditLog").values(entry).execute();
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
