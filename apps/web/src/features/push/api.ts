import { pushApi } from "@openpro/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../../lib/http";

export const pushKeys = {
  settings: (programId: string) => ["push", "settings", programId] as const,
};

const meta = { inlineErrors: true, ownStatuses: [400, 422] } as const;

/** The program's quiet hours for reminders pushed to patients' phones (clinic's time zone). */
export const usePushSettings = (programId: string) =>
  useQuery({
    queryKey: pushKeys.settings(programId),
    queryFn: ({ signal }) => apiCall(pushApi.settings, { params: { projectId: programId }, signal }),
    meta,
  });

export const useSavePushSettings = (programId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { quietStart: string; quietEnd: string }) =>
      apiCall(pushApi.updateSettings, { params: { projectId: programId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.settings(programId), saved),
    meta,
  });
};
