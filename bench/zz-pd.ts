import { seedAtScale } from "../apps/server/src/db/demo/scale.js";
import { createTestApp, signIn } from "../apps/server/test/test-app.js";
import { benchPatientData } from "./patient-data.js";
import { printTable, type Row } from "./stats.js";
const rows: Row[] = [];
const t = await createTestApp();
try {
  await seedAtScale(t.database.db, t.clock, { organisations: 5, programs: 10 });
  await t.createStaff({ email: "bench-admin@openpro.bench", role: "superadmin" });
  const admin = await signIn(t, "bench-admin@openpro.bench");
  await benchPatientData(t, admin.accessToken, rows);
} finally { await t.close(); }
printTable(rows);
