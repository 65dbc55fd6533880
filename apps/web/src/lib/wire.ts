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
