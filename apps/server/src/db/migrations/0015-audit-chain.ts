import { type Kysely, sql } from "kysely";

/**
 * The audit log, tamper-evident and searchable (issue 13 "Audit viewer", issue 12 §5):
 * - `user_agent` beside `ip`: from where an entry was made;
 * - a hash chain: each row carries `chain_position` (1, 2, 3… in the order rows were chained) and
 *   `hash = sha256(previous hash || audit_log_canonical(row))`, hex. A BEFORE INSERT trigger
 *   computes it under the row lock of the single row of `audit_chain_head`, held to the end of the
 *   inserting transaction, so concurrent writers queue instead of forking the chain. The trigger
 *   function is SECURITY DEFINER and, like the head row, belongs to the audit log's owner: the
 *   application's role needs (and gets) no right on the head. `npm run audit:verify` walks it.
 * - the rows written before this migration are chained in id order;
 * - the permission `view_audit_log` is granted to existing users whose role holds it by default;
 * - indexes for the viewer's filters (program, actor, action; the patient index exists).
 *
 * The statements run as the migrating role; where the table belongs to `openpro_audit_owner`
 * (migration 0007), the new objects are handed to it. A migrating role that is neither the owner
 * nor a superuser borrows the owner's membership for the migration and gives it back.
 */
const statements = [
  `ALTER TABLE audit_log ADD COLUMN user_agent text`,
  `ALTER TABLE audit_log ADD COLUMN chain_position bigint`,
  `ALTER TABLE audit_log ADD COLUMN hash text`,
  // The canonical content of a row: a JSON array of every column in a fixed order (jsonb text
  // is deterministic), the instant in UTC to the microsecond whatever the session's time zone.
  `CREATE FUNCTION audit_log_canonical(r audit_log) RETURNS text LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
     SELECT jsonb_build_array(
       r.id::text, r.chain_position::text, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
       r.actor_user_id, r.action, r.entity_type, r.entity_id, r.program_id, r.patient_id, r.outcome,
       r.request_id, r.client_request_id, r.ip, r.user_agent, r.details
     )::text $$`,
  `CREATE TABLE audit_chain_head (
     only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
     position bigint NOT NULL,
     hash text NOT NULL
   )`,
  // Existing rows, chained in id order (the append-only trigger is off inside this transaction only).
  `ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`,
  `UPDATE audit_log a SET chain_position = n.position FROM (
     SELECT id, row_number() OVER (ORDER BY id) AS position FROM audit_log
   ) n WHERE n.id = a.id`,
  `DO $$
   DECLARE r audit_log; previous text := '';
   BEGIN
     FOR r IN SELECT * FROM audit_log ORDER BY chain_position LOOP
       previous := encode(sha256(convert_to(previous || audit_log_canonical(r), 'UTF8')), 'hex');
       UPDATE audit_log SET hash = previous WHERE id = r.id;
     END LOOP;
   END $$`,
  `ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`,
  `INSERT INTO audit_chain_head (position, hash)
     SELECT coalesce(max(chain_position), 0),
            coalesce((SELECT hash FROM audit_log ORDER BY chain_position DESC LIMIT 1), '')
     FROM audit_log`,
  `ALTER TABLE audit_log ALTER COLUMN chain_position SET NOT NULL`,
  `ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL`,
  `CREATE UNIQUE INDEX audit_log_chain_position_idx ON audit_log (chain_position)`,
  `CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
   DECLARE head audit_chain_head;
   BEGIN
     -- The row lock queues concurrent writers until this transaction ends: one chain, no fork.
     SELECT * INTO head FROM audit_chain_head FOR UPDATE;
     NEW.chain_position := head.position + 1;
     NEW.hash := encode(sha256(convert_to(head.hash || audit_log_canonical(NEW), 'UTF8')), 'hex');
     UPDATE audit_chain_head SET position = NEW.chain_position, hash = NEW.hash;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`,
  `REVOKE ALL ON audit_chain_head FROM PUBLIC`,
  `CREATE INDEX audit_log_program_idx ON audit_log (program_id, at) WHERE program_id IS NOT NULL`,
  `CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, at) WHERE actor_user_id IS NOT NULL`,
  `CREATE INDEX audit_log_action_idx ON audit_log (action, at)`,
  `UPDATE users SET permissions = array_append(permissions, 'view_audit_log')
     WHERE role IN ('superadmin', 'internal_tester', 'internal_program_admin', 'clinical_project_admin')
       AND NOT ('view_audit_log' = ANY (permissions))`,
];

const quote = (statement: string) => `'${statement.replace(/'/g, "''")}'`;

export const auditChain = {
  async up(db: Kysely<unknown>) {
    await sql
      .raw(
        `DO $migration$
         DECLARE
           me text := current_user;
           owner text;
           is_super boolean;
           borrowed boolean := false;
         BEGIN
           SELECT r.rolname INTO owner FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
             WHERE c.oid = 'audit_log'::regclass;
           SELECT rolsuper INTO is_super FROM pg_roles WHERE rolname = me;
           IF owner <> me AND NOT is_super AND NOT pg_has_role(me, owner, 'USAGE') THEN
             EXECUTE format('GRANT %I TO %I', owner, me);
             borrowed := true;
           END IF;
           ${statements.map((s) => `EXECUTE ${quote(s)};`).join("\n           ")}
           IF owner <> me THEN
             BEGIN
               EXECUTE format('ALTER TABLE audit_chain_head OWNER TO %I', owner);
               EXECUTE format('ALTER FUNCTION audit_log_chain() OWNER TO %I', owner);
               EXECUTE format('ALTER FUNCTION audit_log_canonical(audit_log) OWNER TO %I', owner);
               -- Reading the head is harmless (the verifier compares it with the last row).
               EXECUTE format('GRANT SELECT ON audit_chain_head TO %I', me);
               IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'openpro_app') THEN
                 GRANT SELECT ON audit_chain_head TO openpro_app;
               END IF;
             EXCEPTION WHEN OTHERS THEN
               RAISE NOTICE 'audit_chain_head stays owned by %: %', me, SQLERRM;
             END;
           END IF;
           IF borrowed THEN EXECUTE format('REVOKE %I FROM %I', owner, me); END IF;
         END $migration$`,
      )
      .execute(db);
  },
};
