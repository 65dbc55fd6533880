import { type InvalidationReason, type LogItem, logsApi } from "@openpro/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export type LogDecision = { status: "Acknowledged" } | { status: "Removed"; reason: InvalidationReason };

/** What the patient reports are cached under; they change when a log's status does. */
const reportsRoot = ["reports"] as const;

/** One call: POST for a new log, PATCH for a log already acknowledged (to change its status or reason). */
export const validateLog = (
  programId: string,
  log: Pick<LogItem, "logId" | "validationStatus">,
  decision: LogDecision,
) =>
  apiCall(log.validationStatus === "Acknowledged" ? logsApi.revalidate : logsApi.validate, {
    params: { logId: log.logId, projectId: programId },
    body: decision,
  });

export const useValidateLog = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ log, decision }: { log: Pick<LogItem, "logId" | "validationStatus">; decision: LogDecision }) =>
      validateLog(programId, log, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsRoot }),
  });
};

export interface AcknowledgeOutcome {
  logId: string;
  ok: boolean;
  message?: string;
}

/** Acknowledge All: one POST per log id (the API has no batch call); every outcome is reported. */
export const useAcknowledgeAll = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (logIds: readonly string[]): Promise<AcknowledgeOutcome[]> => {
      const settled = await Promise.allSettled(
        logIds.map((logId) =>
          apiCall(logsApi.validate, { params: { logId, projectId: programId }, body: { status: "Acknowledged" } }),
        ),
      );
      return settled.map((result, index) => ({
        logId: logIds[index]!,
        ok: result.status === "fulfilled",
        message: result.status === "rejected" && result.reason instanceof Error ? result.reason.message : undefined,
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsRoot }),
    meta: { inlineErrors: true },
  });
};
