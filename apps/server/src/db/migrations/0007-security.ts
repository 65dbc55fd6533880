import { type Kysely, sql } from "kysely";

/**
 * The audit log, hardened (issue 18 §7):
 * - the request id a client sent is kept apart from the server's own (`client_request_id`);
 * - TRUNCATE is refused like UPDATE and DELETE (a statement-level trigger);
 * - where the migrating role may create roles (a superuser, or CREATEROLE), the table and its
 *   trigger function move to a NOLOGIN owner role `openpro_audit_owner`; nobody else holds UPDATE,
 *   DELETE, TRUNCATE or the owner's right to drop or disable the trigger. The application's role
 *   gets SELECT and INSERT (directly, and through the group role `openpro_app` for an application
 *   that connects as a role of its own). Where it may not, a notice says so and the triggers alone
 *   hold: see docs/security.md for the deployment that keeps the application's role out.
 */
const up = [
  `ALTER TABLE audit_log ADD COLUMN client_request_id text`,
  `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN RAISE EXCEPTION 'audit_log rows are never updated or deleted (nor truncated)'; END $$`,
  `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
   FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
  // All or nothing: the EXCEPTION clause undoes a half-done arrangement and leaves a notice.
  `DO $$
   DECLARE
     me text := current_user;
     is_super boolean;
   BEGIN
     SELECT rolsuper INTO is_super FROM pg_roles WHERE rolname = me;
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = me AND (rolsuper OR rolcreaterole)) THEN
       RAISE NOTICE 'audit_log stays owned by %: it may not create roles', me;
       RETURN;
     END IF;
     -- Roles belong to the whole server: another database (or a parallel migration) may have made them.
     BEGIN CREATE ROLE openpro_audit_owner NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END;
     BEGIN CREATE ROLE openpro_app NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END;
     IF NOT is_super THEN EXECUTE format('GRANT openpro_audit_owner TO %I', me); END IF;
     ALTER TABLE audit_log OWNER TO openpro_audit_owner;
     ALTER FUNCTION audit_log_append_only() OWNER TO openpro_audit_owner;
     REVOKE ALL ON audit_log FROM PUBLIC;
     EXECUTE format('REVOKE ALL ON audit_log FROM %I', me);
     EXECUTE format('GRANT SELECT, INSERT ON audit_log TO %I, openpro_app', me);
     IF NOT is_super THEN EXECUTE format('REVOKE openpro_audit_owner FROM %I', me); END IF;
   EXCEPTION WHEN OTHERS THEN
     RAISE NOTICE 'audit_log stays owned by %: %', me, SQLERRM;
   END $$`,
];

export const security = {
  async up(db: Kysely<unknown>) {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
};
