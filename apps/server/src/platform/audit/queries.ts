import type { Insertable } from "kysely";
import type { Db } from "../../db/kysely.js";
import type { AuditLogTable } from "../../db/schema.js";

export const insertAuditEntry = async (db: Db, entry: Insertable<AuditLogTable>): Promise<void> => {
  await db.insertInto("auditLog").values(entry).execute();
};

export const findAuditEntries = (db: Db, filter: { action?: string; actorUserId?: string }) => {
  let query = db.selectFrom("auditLog").selectAll().orderBy("id", "asc");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.actorUserId) query = query.where("actorUserId", "=", filter.actorUserId);
  return query.execute();
};
