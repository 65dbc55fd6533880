/**
 * The server's public surface for tools outside it (the bench, `npm run bench`, and the journeys): the
 * app factory and what it needs (a database, a clock), the demo data generators, the few jobs and
 * statements the bench times beside the HTTP API, and the ZIP reader a journey opens a downloaded
 * export with. Nothing outside apps/server imports any other server file: the dependency-cruiser rule
 * `tools-through-server-surface` enforces it, so a refactor inside the server changes only this
 * file's list when a tool's need moves. Never imported by the server itself.
 */
export { type BuildAppOptions, buildApp } from "./app.js";
export { type Clock, ManualClock, systemClock } from "./clock.js";
export {
  countSevereSymptomMismatches,
  recountSevereSymptoms,
  seedPatientData,
  setSevereSymptomsTrigger,
} from "./db/demo/patient-data.js";
export { seedPatients } from "./db/demo/patients.js";
export { seedAtScale } from "./db/demo/scale.js";
export { DEMO_PASSWORD, insertStaffUser } from "./db/demo/seed.js";
export { type Db, migrateToLatest, type OpenedDatabase, openDatabase, PREPARED } from "./db/kysely.js";
export { findExport, insertExport } from "./modules/exports/queries.js";
export { runResearchExport } from "./modules/exports/research.js";
export { readZip } from "./modules/exports/zip.js";
export { symptomTrendStatement } from "./modules/program-dashboard/queries.js";
export { runDelivery } from "./modules/questionnaire-delivery/service.js";
export { hashPassword } from "./platform/auth/passwords.js";
export type { AppContext } from "./platform/context.js";
export { queueMail } from "./platform/mail/mailer.js";
export { renderLayout } from "./platform/mail/templates.js";
