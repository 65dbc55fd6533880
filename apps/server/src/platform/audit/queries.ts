import type { Insertable } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { AuditLogTable } from "../../db/schema.js";

export const insertAuditEntry = async (db: Db, entry: Insertable<AuditLogTable>): Promise<void> => {
  await db.insertInto("auditLog").values(entry).execute();
};
