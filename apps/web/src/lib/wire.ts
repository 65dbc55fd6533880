import type { Program as WireProgram } from "@openpro/core";

/**
 * The wire speaks of projects, the web of programs. The API keeps the names its clients know
 * (`projectId` in paths, queries, bodies and responses; see apps/server/src/platform/http/wire.ts); the
 * web translates once, at its own edge: a feature's api.ts passes `{ projectId: programId }` to the
 * contract, and turns a response's `projectId` into `programId` (a query's `select`) before any
 * component sees it. Components, hooks and pages say program.
 */
export type FromWire<T extends { projectId: string }> = Omit<T, "projectId"> & { programId: string };

export const fromWire = <T extends { projectId: string }>({ projectId, ...rest }: T): FromWire<T> =>
  ({ ...rest, programId: projectId }) as FromWire<T>;

export type Program = FromWire<WireProgram>;

/** Our own later contracts (alerts, worklist) name a patient's account `patientId`; the web says `userId`. */
export type WithUserId<T extends { patientId: string }> = Omit<T, "patientId"> & { userId: string };

export const userIdFromWire = <T extends { patientId: string }>({ patientId, ...rest }: T): WithUserId<T> =>
  ({ ...rest, userId: patientId }) as WithUserId<T>;

type Shape = { shape?: Record<string, unknown> } | undefined;

/**
 * A call that hands the wire the web's name (`programId` where the contract says `projectId`) would be
 * dropped silently by a lenient query schema and the filter lost; in development and tests it throws.
 */
export const assertWireNames = (
  endpoint: { path: string; query?: unknown; body?: unknown },
  sent: { query?: unknown; body?: unknown },
) => {
  if (!import.meta.env.DEV && import.meta.env.MODE !== "test") return;
  for (const part of ["query", "body"] as const) {
    const value = sent[part];
    const shape = (endpoint[part] as Shape)?.shape;
    if (shape && value && typeof value === "object" && "programId" in value && !("programId" in shape))
      throw new Error(`${endpoint.path}: the wire names a program projectId (apps/web/src/lib/wire.ts)`);
  }
};
