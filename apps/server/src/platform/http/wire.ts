/**
 * The wire speaks of projects, the code of programs. The API keeps the names its clients know
 * (`projectId` in paths, queries and bodies; `projectId` and `project` in responses); inside the
 * server everything is a program. The translation happens once, at the edge:
 * - requests: route handlers pass `params.projectId` / `query.projectId` as the service's
 *   `programId` argument, and split a body's `projectId` off with splitProgramId below;
 * - responses: each service's mapper to the contract type (toProgram, the patient search) writes
 *   `projectId` back, next to the contract it fills.
 */

/** A body naming its program: the program's id, and the rest of the body for the service. */
export const splitProgramId = <T extends { projectId: string }>({
  projectId,
  ...rest
}: T): { programId: string; fields: Omit<T, "projectId"> } => ({ programId: projectId, fields: rest });
