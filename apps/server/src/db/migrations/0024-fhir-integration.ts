import { type Kysely, sql } from "kysely";

/**
 * Hospital integration (issue 32, docs/fhir/README.md):
 * - `organisations.fhir_hospital_number_system`: the URI a hospital's master patient index knows
 *   its medical record numbers by (null: urn:openpro:organisation:<id>:mrn); admins set it;
 * - `smart_clients`: SMART Backend Services clients an admin registered for one organisation: the
 *   public keys their signed assertions are checked against (a JWKS, or the URL of one), the system
 *   scopes they may be granted, and the account (`user_id`, no password, a member of that
 *   organisation's team only) whose sessions their access tokens are;
 * - `smart_client_assertions`: the `jti` of every assertion a client used, until it expires, so
 *   that a replayed assertion is refused.
 */
const up = [
  `ALTER TABLE organisations ADD COLUMN fhir_hospital_number_system text`,
  `CREATE TABLE smart_clients (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
    user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL,
    jwks jsonb,
    jwks_url text,
    scopes text[] NOT NULL,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz,
    CHECK ((jwks IS NULL) <> (jwks_url IS NULL))
  )`,
  `CREATE INDEX smart_clients_organisation ON smart_clients (organisation_id, created_at)`,
  `CREATE TABLE smart_client_assertions (
    client_id uuid NOT NULL REFERENCES smart_clients(id) ON DELETE CASCADE,
    jti text NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (client_id, jti)
  )`,
];

export const fhirIntegration = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
