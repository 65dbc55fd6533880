import { type Kysely, sql } from "kysely";

/**
 * Hospital integration (issue 32, docs/fhir/README.md):
 * - `organisations.fhir_hospital_number_system`: the URI a hospital's master patient index knows
 *   its medical record numbers by (null: urn:openpro:organisation:<id>:mrn); admins set it.
 */
const up = [`ALTER TABLE organisations ADD COLUMN fhir_hospital_number_system text`];

export const fhirIntegration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
