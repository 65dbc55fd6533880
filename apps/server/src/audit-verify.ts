/**
 * `npm run audit:verify`: walks the audit log's hash chain on DATABASE_URL (or the embedded
 * database in DATA_DIR — stop the server first, PGlite has one user) and names the first row that
 * does not follow. Exit code 0: intact; 1: broken; 2: could not check.
 */
import { resolve } from "node:path";
import { openDatabase } from "./db/kysely.js";
import { verifyAuditChain } from "./platform/audit/verify.js";

const run = async (): Promise<number> => {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || "./.data");
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const started = Date.now();
    const result = await verifyAuditChain(database.db);
    const where = databaseUrl ? "DATABASE_URL" : dataDir;
    if (result.ok) {
      console.log(
        `audit chain intact: ${result.checked} rows checked on ${where} in ${Date.now() - started} ms; ` +
          `head ${result.head.position} ${result.head.hash || "(empty)"}`,
      );
      return 0;
    }
    const broken = result.broken!;
    console.error(
      `audit chain BROKEN at position ${broken.position}${broken.id === null ? "" : ` (audit_log.id ${broken.id})`}: ` +
        `${broken.reason}. The ${result.checked} rows before it are intact (last good hash ${result.head.hash || "(none)"}).`,
    );
    return 1;
  } finally {
    await database.close();
  }
};

run().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`audit chain not checked: ${error.message}`);
    process.exit(2);
  },
);
