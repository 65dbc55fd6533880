import { z } from "zod";
import { messages } from "../messages.js";
import { UUID_PATTERN } from "../validation.js";
import { endpoint } from "./endpoint.js";

/**
 * The read-only HL7 FHIR R4 API (JSON) under /fhir/R4: the CapabilityStatement, search and read of
 * the resource types below, and the Bulk Data export of a program (Group = program). Bodies are FHIR
 * resources (application/fhir+json), not this API's usual shapes, so the contract checks only the
 * path and leaves the search parameters to the FHIR module, which answers errors as OperationOutcome.
 */

export const fhirResourceTypes = [
  "Patient",
  "Observation",
  "MedicationStatement",
  "MedicationAdministration",
  "Questionnaire",
  "QuestionnaireResponse",
  "Appointment",
] as const;
export type FhirResourceType = (typeof fhirResourceTypes)[number];
export const isFhirResourceType = (value: string): value is FhirResourceType =>
  (fhirResourceTypes as readonly string[]).includes(value);

export const FHIR_VERSION = "4.0.1";
export const FHIR_JSON = "application/fhir+json";
export const FHIR_NDJSON = "application/fhir+ndjson";
/** Search page size: `_count` default and ceiling. */
export const fhirSearchCount = { default: 50, max: 500 } as const;

/** A FHIR resource as JSON: checked against the official schema in the tests, not here. */
export const fhirResource = z.record(z.string(), z.unknown());
export type FhirResource = Record<string, unknown> & { resourceType: string };

/** FHIR search parameters: repeated names arrive as lists (date=ge…&date=le…). */
const fhirQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const tags = ["FHIR R4"];

/** An identifier system: an absolute URI (urn:oid:…, urn:…, https://…), as FHIR's Identifier.system is. */
export const identifierSystem = z
  .string({ error: messages.fhirIdentifierSystemInvalid })
  .trim()
  .max(255, messages.maxLength(255))
  .regex(/^(urn:[a-z0-9][a-z0-9-]{0,31}:\S+|https?:\/\/[^\s/]+\S*)$/i, messages.fhirIdentifierSystemInvalid);

const organisationParams = z.strictObject({ organisationId: z.string().regex(UUID_PATTERN, messages.notFound) });

export const fhirOrganisationSettingsSchema = z.object({
  /** The system of the organisation's hospital numbers; null: the default below. */
  hospitalNumberSystem: z.string().nullable(),
  /** urn:openpro:organisation:<id>:mrn */
  defaultHospitalNumberSystem: z.string(),
});
export type FhirOrganisationSettings = z.infer<typeof fhirOrganisationSettingsSchema>;

/** An organisation's FHIR settings: admins only (edit_organisation). */
export const fhirSettingsApi = {
  get: endpoint({
    method: "GET",
    path: "/api/v1/admin/organisations/:organisationId/fhir-settings",
    summary: "The organisation's FHIR settings: the identifier system of its hospital numbers.",
    tags: ["fhir"],
    auth: true,
    params: organisationParams,
    response: fhirOrganisationSettingsSchema,
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/v1/admin/organisations/:organisationId/fhir-settings",
    summary:
      "Set the identifier system (a URI) its patient index knows the organisation's hospital numbers by; null restores the default.",
    tags: ["fhir"],
    auth: true,
    params: organisationParams,
    body: z.strictObject({ hospitalNumberSystem: identifierSystem.nullable() }),
    response: fhirOrganisationSettingsSchema,
  }),
};

export const fhirApi = {
  metadata: endpoint({
    method: "GET",
    path: "/fhir/R4/metadata",
    summary: "FHIR CapabilityStatement",
    tags,
    auth: false,
    response: fhirResource,
  }),
  search: endpoint({
    method: "GET",
    path: "/fhir/R4/:resourceType",
    summary: "FHIR search (Bundle searchset)",
    tags,
    auth: true,
    params: z.object({ resourceType: z.string() }),
    query: fhirQuery,
    response: fhirResource,
  }),
  read: endpoint({
    method: "GET",
    path: "/fhir/R4/:resourceType/:id",
    summary: "FHIR read",
    tags,
    auth: true,
    params: z.object({ resourceType: z.string(), id: z.string() }),
    response: fhirResource,
  }),
  exportStart: endpoint({
    method: "GET",
    path: "/fhir/R4/Group/:programId/$export",
    summary: "FHIR Bulk Data export of a program's patients (kick-off)",
    tags,
    auth: true,
    params: z.object({ programId: z.string() }),
    query: fhirQuery,
    response: fhirResource,
    status: 202,
  }),
  exportStatus: endpoint({
    method: "GET",
    path: "/fhir/R4/bulk-export/:exportId",
    summary: "FHIR Bulk Data export status (202 while running, 200 with the manifest)",
    tags,
    auth: true,
    params: z.object({ exportId: z.string() }),
    response: fhirResource,
  }),
  exportCancel: endpoint({
    method: "DELETE",
    path: "/fhir/R4/bulk-export/:exportId",
    summary: "Cancel a FHIR Bulk Data export (and delete its files)",
    tags,
    auth: true,
    params: z.object({ exportId: z.string() }),
    response: fhirResource,
    status: 202,
  }),
  exportFile: endpoint({
    method: "GET",
    path: "/fhir/R4/bulk-export/:exportId/:fileName",
    summary: "One NDJSON file of a completed FHIR Bulk Data export",
    tags,
    auth: true,
    params: z.object({ exportId: z.string(), fileName: z.string() }),
    response: z.unknown(),
  }),
} as const;
