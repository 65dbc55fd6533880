import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { messages, type ScheduleItem } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DataTable } from "../../../components/data-table";
import { RouterLink } from "../../../components/router-link";
import { RowActionsMenu } from "../../../components/row-actions-menu";
import { ApiError } from "../../../lib/http";
import { useDeleteSchedule, useProgramSchedules } from "../api";
import { recurrenceLabel, typeLabels } from "./form-rules";

/**
 * The program's Scheduling sub-tab (settings/questionnaires/scheduled): what is sent to every
 * patient, counted from their consent day, and the way to schedule more.
 */
export const ProgramSchedule = ({
  programId,
  newPath,
  canCreate,
  canDelete,
}: {
  programId: string;
  /** …/settings/questionnaires/scheduled-new */
  newPath: string;
  canCreate: boolean;
  canDelete: boolean;
}) => {
  const schedules = useProgramSchedules(programId);
  const remove = useDeleteSchedule(programId);
  const [deleting, setDeleting] = useState<ScheduleItem | null>(null);
  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ scheduleId: deleting.id, type: deleting.type });
      enqueueSnackbar(`"${deleting.name}" removed from the schedule`, { variant: "success" });
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError && error.message ? error.message : messages.oops, { variant: "error" });
    }
    setDeleting(null);
  };
  const rows = schedules.data?.results ?? [];
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h3" component="h3">
          Questionnaire schedule
        </Typography>
        {canCreate ? (
          <Button variant="contained" component={RouterLink} to={newPath}>
            Schedule a questionnaire
          </Button>
        ) : null}
      </Box>
      {schedules.isPending ? (
        <CircularProgress size={24} aria-label="Loading the schedule" />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {messages.qsNoProgramSchedule}
        </Typography>
      ) : (
        <DataTable
          caption="Scheduled questionnaire events"
          columns={[
            {
              header: "Name",
              cell: (item) => (
                <>
                  {item.name}
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: "block" }}>
                    {typeLabels[item.type]}
                  </Typography>
                  {item.heldBack ? (
                    <Alert severity="warning" sx={{ mt: 1 }}>
                      {item.heldBack}
                    </Alert>
                  ) : null}
                </>
              ),
            },
            {
              header: "Recurrence",
              cell: (item) =>
                item.scheduleType === "ALWAYS_ON"
                  ? "Always on"
                  : item.type === "plan"
                    ? "As the plan sets"
                    : recurrenceLabel(item.frequency, item.numberToSend),
            },
            { header: "Start day", cell: (item) => `Day ${(item.startDay ?? 0) + 1}` },
            {
              header: "Response time",
              cell: (item) => `${item.responseWindow} day${item.responseWindow === 1 ? "" : "s"}`,
            },
            {
              header: "Options",
              headerHidden: true,
              align: "right",
              cell: (item) =>
                canDelete ? (
                  <RowActionsMenu
                    name={item.name}
                    label={`Options for ${item.name}`}
                    items={[{ label: "Delete schedule entry", onClick: () => setDeleting(item) }]}
                  />
                ) : null,
            },
          ]}
          rows={rows}
          rowKey={(item) => item.id}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete schedule entry"
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      >
        {`"${deleting?.name ?? ""}" will no longer be sent to the program's patients. Questionnaires already sent stay.`}
      </ConfirmDialog>
    </Box>
  );
};
