import type { Endpoint } from "@openpro/core";
import * as core from "@openpro/core";
import type { z } from "zod";

/** One row of the shared endpoint table, with the name it has in core (`patientsApi.get`). */
export interface NamedEndpoint {
  name: string;
  endpoint: Endpoint;
}

/** Every endpoint object of every domain table exported by core (`…Api = { … }`). */
export const endpointTable = (): NamedEndpoint[] => {
  const rows: NamedEndpoint[] = [];
  for (const [tableName, table] of Object.entries(core)) {
    if (!tableName.endsWith("Api") || table === null || typeof table !== "object") continue;
    for (const [name, endpoint] of Object.entries(table as Record<string, Endpoint>)) {
      rows.push({ name: `${tableName}.${name}`, endpoint });
    }
  }
  return rows;
};

export const routeKey = (e: Pick<Endpoint, "method" | "path">) => `${e.method} ${e.path}`;

/** The fields of an object schema (empty for anything else: unions, pipes, arrays). */
export const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  let current = schema as unknown as { shape?: Record<string, z.ZodType>; def?: { type?: string; in?: unknown } };
  // A refined or transformed object (`pipe`) keeps its fields on the input side.
  for (let i = 0; i < 4 && current && !current.shape && current.def?.type === "pipe"; i++) {
    current = current.def.in as typeof current;
  }
  return current?.shape ?? {};
};

/** The `:name` segments of a path, in order. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

const unwrap = (schema: z.ZodType): z.ZodType => {
  let current = schema as unknown as { def?: { type?: string; innerType?: unknown; in?: unknown } };
  for (let i = 0; i < 6; i++) {
    const type = current.def?.type;
    if (type === "optional" || type === "default" || type === "nullable" || type === "prefault") {
      current = current.def!.innerType as typeof current;
    } else if (type === "pipe") current = current.def!.in as typeof current;
    else break;
  }
  return current as unknown as z.ZodType;
};

const SAMPLE_CANDIDATES: unknown[] = [
  "00000000-0000-4000-8000-000000000000",
  "2026-01-15",
  "1",
  1,
  true,
  "fatigue",
  "abcd1234",
  "someone@example.test",
  "Sample text",
  ["00000000-0000-4000-8000-000000000000"],
];

/** A value the field's own schema accepts (enum options first), or undefined when none of ours fits. */
export const sampleValue = (schema: z.ZodType, wantString = false): unknown => {
  const inner = unwrap(schema) as unknown as { options?: unknown[]; def?: { entries?: Record<string, unknown> } };
  const options = inner.options ?? (inner.def?.entries ? Object.values(inner.def.entries) : []);
  for (const candidate of [...options, ...SAMPLE_CANDIDATES]) {
    if (wantString && typeof candidate !== "string") continue;
    if (schema.safeParse(candidate).success) return candidate;
  }
  return undefined;
};
