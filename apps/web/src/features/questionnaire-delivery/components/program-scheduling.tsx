import Typography from "@mui/material/Typography";
import { can, type Grants, messages } from "@openpro/core";
import { ProgramSchedule } from "./program-schedule";
import { ScheduleForm } from "./schedule-form";

/**
 * The Scheduling sub-tab of the questionnaire settings: the program-level schedule
 * (…/questionnaires/scheduled) and its wizard (…/questionnaires/scheduled-new).
 */
export const ProgramScheduling = ({
  programId,
  actor,
  basePath,
  screen,
}: {
  programId: string;
  actor: Grants;
  /** /programs/{programId}/settings/questionnaires */
  basePath: string;
  screen: "list" | "create";
}) => {
  if (!can(actor, "view_questionnaire_schedules")) {
    return <Typography role="status">{messages.forbidden}</Typography>;
  }
  if (screen === "create") {
    if (!can(actor, "create_questionnaire_schedule"))
      return <Typography role="status">{messages.forbidden}</Typography>;
    return (
      <>
        <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
          Schedule a questionnaire
        </Typography>
        <ScheduleForm programId={programId} context={{ audience: "all" }} listPath={`${basePath}/scheduled`} />
      </>
    );
  }
  return (
    <ProgramSchedule
      programId={programId}
      newPath={`${basePath}/scheduled-new`}
      canCreate={can(actor, "create_questionnaire_schedule")}
      canDelete={can(actor, "delete_questionnaire_schedule")}
    />
  );
};
