/**
 * The part of core that loads no zod (`@openpro/core/schema-free`): messages, limits, rules, field
 * rules as plain functions and the API routes of the patient-side pages without their schemas.
 * The light patient-side entry imports only this, so that a phone fetches no schema library before
 * the invitation shows (issue 19). Types may still come from "@openpro/core" (`import type`).
 */
export * from "./api/paths.js";
export * from "./api/patient-side-routes.js";
export * from "./limits.js";
export * from "./messages.js";
export * from "./rules/error-reports.js";
export * from "./rules/form-fields.js";
export * from "./rules/password.js";
export * from "./rules/patient-side-pages.js";
export * from "./rules/patients.js";
