import { Typography } from "@mui/material";
import { can, type Grants, messages } from "@openpro/core";
import { ProgramSchedule } from "./program-schedule";
import { ScheduleForm } from "./schedule-form";

/**
 * The Scheduling sub-tab of the questionnaire settings: the program-level schedule
 * (…/questionnaires/scheduled) and its wizard (…/questionnaires/scheduled-new).
 */
export const ProgramScheduling = ({
  projectId,
  actor,
  basePath,
  screen,
}: {
  projectId: string;
  actor: Grants;
  /** /programs/{projectId}/settings/questionnaires */
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
        <ScheduleForm projectId={projectId} context={{ audience: "all" }} listPath={`${basePath}/scheduled`} />
      </>
    );
  }
  return (
    <ProgramSchedule
      projectId={projectId}
      newPath={`${basePath}/scheduled-new`}
      canCreate={can(actor, "create_questionnaire_schedule")}
      canDelete={can(actor, "delete_questionnaire_schedule")}
    />
  );
};
