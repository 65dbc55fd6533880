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

/**
 * SMART Backend Services (the Bulk Data IG's authorisation): the system scopes a client may be
 * registered for. SMART v2's `.rs` (read and search); a token request may say v1's `.read`.
 * `system/Group.rs` allows a program's bulk export ($export on the Group).
 */
export const smartScopes = [
  "system/*.rs",
  "system/Group.rs",
  ...fhirResourceTypes.map((type) => `system/${type}.rs` as const),
] as const;
export type SmartScope = (typeof smartScopes)[number];
/** Signing algorithms a client's assertion may use (SMART Backend Services: RS384 and ES384). */
export const smartAssertionAlgorithms = ["RS384", "ES384"] as const;
/** How long an access token lasts. */
export const SMART_TOKEN_SECONDS = 300;

const jwk = z.record(z.string(), z.unknown(), { error: messages.smartClientKeysInvalid });
export const smartClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The key ids of an inline JWKS (null: the keys are fetched from jwksUrl). */
  keyIds: z.array(z.string()).nullable(),
  jwksUrl: z.string().nullable(),
  tokenUrl: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type SmartClient = z.infer<typeof smartClientSchema>;

const clientsPath = "/api/v1/admin/organisations/:organisationId/smart-clients";

export const smartApi = {
  configuration: endpoint({
    method: "GET",
    path: "/fhir/R4/.well-known/smart-configuration",
    summary: "SMART configuration: the token endpoint, client_credentials with private_key_jwt, the system scopes",
    tags,
    auth: false,
    response: z.record(z.string(), z.unknown()),
  }),
  token: endpoint({
    method: "POST",
    path: "/fhir/R4/auth/token",
    summary:
      "SMART Backend Services token (application/x-www-form-urlencoded: grant_type=client_credentials, scope, client_assertion_type, client_assertion)",
    tags,
    auth: false,
    // OAuth's own errors ({ error, error_description }) answer a bad request, not field errors: the
    // service reads the form's fields itself.
    body: z.record(z.string(), z.unknown(), { error: messages.smartTokenRequestInvalid }),
    response: z.object({
      access_token: z.string(),
      token_type: z.literal("bearer"),
      expires_in: z.number(),
      scope: z.string(),
    }),
  }),
  listClients: endpoint({
    method: "GET",
    path: clientsPath,
    summary: "The organisation's SMART backend clients (admins).",
    tags: ["fhir"],
    auth: true,
    params: organisationParams,
    response: z.object({ results: z.array(smartClientSchema) }),
  }),
  registerClient: endpoint({
    method: "POST",
    path: clientsPath,
    summary:
      "Register a SMART backend client for the organisation: its public keys (a JWKS, or the https URL of one) and the system scopes it may be granted (admins).",
    tags: ["fhir"],
    auth: true,
    params: organisationParams,
    body: z
      .strictObject({
        name: z
          .string({ error: messages.smartClientNameRequired })
          .trim()
          .min(1, messages.smartClientNameRequired)
          .max(100, messages.maxLength(100)),
        jwks: z
          .strictObject(
            {
              keys: z
                .array(jwk, { error: messages.smartClientKeysRequired })
                .min(1, messages.smartClientKeysRequired)
                .max(10, messages.smartClientKeysTooMany),
            },
            { error: messages.smartClientKeysRequired },
          )
          .optional(),
        jwksUrl: z
          .string({ error: messages.smartClientKeysRequired })
          .trim()
          .max(500, messages.maxLength(500))
          .regex(/^https?:\/\/\S+$/, messages.smartClientKeysRequired)
          .optional(),
        scopes: z
          .array(z.enum(smartScopes, { error: messages.smartScopeUnknown }), { error: messages.smartScopeUnknown })
          .min(1, messages.smartScopeUnknown),
      })
      .refine((b) => (b.jwks === undefined) !== (b.jwksUrl === undefined), {
        message: messages.smartClientKeysRequired,
        path: ["jwks"],
      }),
    response: smartClientSchema,
    status: 201,
  }),
  revokeClient: endpoint({
    method: "DELETE",
    path: `${clientsPath}/:clientId`,
    summary: "Revoke a SMART backend client: its tokens stop working at once (admins).",
    tags: ["fhir"],
    auth: true,
    params: organisationParams.extend({ clientId: z.string().regex(UUID_PATTERN, messages.notFound) }),
    response: smartClientSchema,
  }),
};
