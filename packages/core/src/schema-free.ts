/**
 * The part of core that loads no zod (`@openpro/core/schema-free`): messages, limits, rules, field
 * rules as plain functions and the API routes of the public pages without their schemas. The
 * light entry of the public pages imports only this, so that a phone fetches no schema library
 * before the invitation shows, nor a desktop before the sign-in (issue 19). Types may still come
 * from "@openpro/core" (`import type`).
 */
export * from "./api/paths.js";
export * from "./api/public-page-routes.js";
export * from "./limits.js";
export * from "./messages.js";
export * from "./patient-text/index.js";
export * from "./rules/error-reports.js";
export * from "./rules/form-fields.js";
export * from "./rules/password.js";
export * from "./rules/patient-language.js";
export * from "./rules/patients.js";
export * from "./rules/public-pages.js";
