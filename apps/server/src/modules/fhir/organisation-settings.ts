import type { FhirOrganisationSettings } from "@openpro/core";
import { notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import { defaultHospitalNumberSystem } from "./mappers.js";
import * as q from "./queries.js";

/**
 * An organisation's FHIR settings: the system of its hospital numbers (Identifier.system of a
 * Patient's MR identifier), as its master patient index knows them. Admins only (the route's
 * edit_organisation); a change is audited with the old and the new value.
 */

const settingsOf = (row: { id: string; fhirHospitalNumberSystem: string | null }): FhirOrganisationSettings => ({
  hospitalNumberSystem: row.fhirHospitalNumberSystem,
  defaultHospitalNumberSystem: defaultHospitalNumberSystem(row.id),
});

export const getFhirSettings = async (scope: RequestScope, organisationId: string) => {
  const row = await q.findOrganisationFhirSettings(scope.ctx.db, organisationId);
  if (!row) throw notFound();
  return settingsOf(row);
};

export const updateFhirSettings = async (
  scope: RequestScope,
  organisationId: string,
  body: { hospitalNumberSystem: string | null },
) =>
  scope.ctx.db.transaction().execute(async (trx) => {
    const row = await q.findOrganisationFhirSettings(trx, organisationId);
    if (!row) throw notFound();
    await q.updateHospitalNumberSystem(trx, organisationId, body.hospitalNumberSystem);
    await scope.audit(
      {
        action: "organisation.fhir_settings.update",
        entityType: "organisation",
        entityId: organisationId,
        details: { hospitalNumberSystem: { from: row.fhirHospitalNumberSystem, to: body.hospitalNumberSystem } },
      },
      trx,
    );
    return settingsOf({ id: row.id, fhirHospitalNumberSystem: body.hospitalNumberSystem });
  });
