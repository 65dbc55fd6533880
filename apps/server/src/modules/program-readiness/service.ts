import {
  defaultEscalationMinutes,
  emergencyNumbers,
  type ProgramReadiness,
  programNotReadyErrorCode,
  programNotReadyMessage,
  programReadiness,
  type ReadinessItem,
  territoryAlertDefaults,
} from "@openpro/core";
import type { Db } from "../../db/kysely.js";
import { inProgram } from "../../platform/access/program-scope.js";
import { AppError, notFound } from "../../platform/errors.js";
import type { RequestScope } from "../../platform/request-scope.js";
import * as q from "./queries.js";

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** What is missing before the program may reach a patient (issue 30 §1); empty when ready. */
export const findMissingReadiness = async (db: Db, programId: string): Promise<ReadinessItem[]> => {
  const row = await q.findReadinessInputs(db, programId);
  if (!row) throw notFound();
  return programReadiness({
    careTeam: row.careTeamPhones.map((contactPhones) => ({ contactPhones })),
    temperatureMin: numberOrNull(row.temperatureMin),
    temperatureMax: numberOrNull(row.temperatureMax),
    temperatureMessage: row.temperatureMessage,
    defaultAlertMessage: row.defaultAlertMessage,
    alertMessagePairs: row.alertMessagePairs,
    // An alert escalates after the default delay when the program never set one.
    escalationMinutes: row.escalationMinutes ?? defaultEscalationMinutes,
    escalationRecipients: Number(row.escalationRecipients),
  });
};

/**
 * Refuses what would bring a patient into a program that is not ready: 409 naming every missing
 * item (each also as an error of its own, keyed by the item).
 */
export const assertProgramReady = async (db: Db, programId: string) => {
  const missing = await findMissingReadiness(db, programId);
  if (missing.length === 0) return;
  throw new AppError(
    409,
    programNotReadyMessage(missing),
    programNotReadyErrorCode,
    missing.map((m) => ({ field: `readiness.${m.key}`, message: m.message })),
  );
};

export const getProgramReadiness = async (scope: RequestScope, programId: string): Promise<ProgramReadiness> => {
  const { ctx } = scope;
  const { program } = await inProgram(scope, programId);
  const missing = await findMissingReadiness(ctx.db, programId);
  return {
    ready: missing.length === 0,
    missing,
    territoryDefaults: territoryAlertDefaults(program.territory),
    emergencyNumbers: [...emergencyNumbers[program.territory]],
  };
};
