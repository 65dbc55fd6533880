/** What a rule needs of a caller (matrix.ts's Caller has these). */
interface Caller {
  kind: string;
  permissions: readonly string[];
}

/**
 * Rules a service applies on top of the permission its route names (found by the matrix, each
 * one from the specification): the catalogue alone would predict the wrong answer for these.
 * Keyed by "METHOD /path" as served; `allows` says which callers get past the rule (others: 403).
 */
export interface ServiceRule {
  allows: (caller: Caller) => boolean;
  why: string;
}

const has = (caller: Caller, permission: string) => caller.permissions.includes(permission);
/** Super admin or internal program admin: the only ones who create or delete organisations. */
const organisationManager = (caller: Caller) => has(caller, "admin") || has(caller, "internal_program_admin");
const adminType = (caller: Caller) =>
  has(caller, "admin") || has(caller, "internal_tester") || has(caller, "internal_program_admin");

const researchExport: ServiceRule = {
  allows: (caller) => has(caller, "export_project_data_anonymised") || has(caller, "export_project_data_identifiable"),
  why: "research exports take either export permission, checked in the service (exports/service.ts)",
};

const staffOnly: ServiceRule = {
  allows: (caller) => caller.kind === "staff",
  why: "the FHIR API is for staff accounts; patients download their own data elsewhere (fhir/routes.ts)",
};

export const serviceRules: Record<string, ServiceRule> = {
  "GET /fhir/R4/bulk-export/:exportId": staffOnly,
  "DELETE /fhir/R4/bulk-export/:exportId": staffOnly,
  "GET /fhir/R4/bulk-export/:exportId/:fileName": staffOnly,
  "GET /fhir/R4/:resourceType": staffOnly,
  "GET /fhir/R4/:resourceType/:id": staffOnly,
  "POST /api/v1/admin/projects/:projectId/data-exports": researchExport,
  "GET /api/v1/admin/projects/:projectId/data-exports": researchExport,
  "GET /api/v1/admin/projects/:projectId/data-exports/:exportId": researchExport,
  "GET /api/v1/admin/projects/:projectId/data-exports/:exportId/file": researchExport,
  "POST /api/v1/admin/organisations": {
    allows: organisationManager,
    why: "organisations are created by a super admin or an internal program admin (organisations/service.ts)",
  },
  "DELETE /api/v1/admin/organisations/:organisationId": {
    allows: organisationManager,
    why: "organisations are deleted by a super admin or an internal program admin (organisations/service.ts)",
  },
  "PATCH /api/v1/admin/organisations/:organisationId": {
    allows: adminType,
    why: "organisations are renamed by admin-type users only (organisations/service.ts)",
  },
  "POST /api/v1/admin/upload-image": {
    allows: (caller) => has(caller, "upload_image") || has(caller, "upload_project_image"),
    why: "either upload permission will do, the general one or the program one (programs/images.ts)",
  },
};
