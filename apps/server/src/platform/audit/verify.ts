import { createHash } from "node:crypto";
import type { Db } from "../../db/kysely.js";
import { findChainHead, findChainPage } from "./queries.js";

export interface ChainBreak {
  /** audit_log.id of the first row that does not follow the chain. */
  id: number | null;
  position: number;
  reason: string;
}

export interface ChainReport {
  ok: boolean;
  /** Rows whose hash was recomputed and matched. */
  checked: number;
  /** The last position and hash (worth writing down elsewhere: a later run must reach it). */
  head: { position: number; hash: string };
  broken: ChainBreak | null;
}

const PAGE = 5000;

export const chainHash = (previous: string, canonical: string): string =>
  createHash("sha256")
    .update(previous + canonical, "utf8")
    .digest("hex");

/**
 * Walks the audit log in chain order, recomputing each row's hash from the previous one and the
 * row's content, and stops at the first row that does not follow: changed content, a changed
 * hash, a missing row (a gap in the positions) or missing last rows (the head is further on).
 */
export const verifyAuditChain = async (db: Db): Promise<ChainReport> => {
  let previous = "";
  let position = 0;
  const report = (broken: ChainBreak | null): ChainReport => ({
    ok: broken === null,
    checked: position,
    head: { position, hash: previous },
    broken,
  });
  for (;;) {
    const rows = await findChainPage(db, position, PAGE);
    for (const row of rows) {
      if (row.chainPosition !== position + 1) {
        return report({
          id: row.id,
          position: row.chainPosition,
          reason: `rows ${position + 1}–${row.chainPosition - 1} of the chain are missing before this row`,
        });
      }
      if (chainHash(previous, row.canonical) !== row.hash) {
        return report({
          id: row.id,
          position: row.chainPosition,
          reason: "its content or its hash was changed after it was written",
        });
      }
      previous = row.hash;
      position = row.chainPosition;
    }
    if (rows.length < PAGE) break;
  }
  const head = await findChainHead(db);
  if (head && (head.position !== position || head.hash !== previous)) {
    return report({
      id: null,
      position: head.position,
      reason: `the chain ends at row ${position} but was written up to row ${head.position}: the last rows are missing`,
    });
  }
  return report(null);
};
