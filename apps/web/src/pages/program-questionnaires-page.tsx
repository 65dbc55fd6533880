import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { can, type Grants, messages } from "@openpro/core";
import type { ReactNode } from "react";
import { RouterLink } from "../components/router-link";
import { ProgramScheduling } from "../features/questionnaire-delivery/components/program-scheduling";
import { BatchCreate } from "../features/questionnaires/components/batch-create";
import { CustomQuestionnaireCreate } from "../features/questionnaires/components/custom-questionnaire-create";
import { CustomQuestionnaireEdit } from "../features/questionnaires/components/custom-questionnaire-edit";
import { PlanCreate } from "../features/questionnaires/components/plan-create";
import { QuestionnaireCatalogue } from "../features/questionnaires/components/questionnaire-catalogue";
import type { Program } from "../lib/wire";

type SubTab = "scheduled" | "custom";

/** Which screen a path under …/settings/questionnaires/ shows (3-settings.md §2 routes). */
export const questionnaireScreen = (
  path: string,
):
  | { screen: "scheduled" | "scheduled-new" | "custom" | "custom-new" | "plan-create" | "batch-create" }
  | { screen: "custom-edit"; id: string } => {
  const parts = path.split("/").filter(Boolean);
  const [first, second, third] = parts;
  if (first === "custom" && second === "edit" && third) return { screen: "custom-edit", id: third };
  if (parts.length === 1 && (first === "scheduled" || first === "scheduled-new" || first === "custom-new"))
    return { screen: first };
  if (parts.length === 1 && (first === "plan-create" || first === "batch-create")) return { screen: first };
  // …/custom, and any other path under questionnaires: the questionnaire list.
  return { screen: "custom" };
};

/**
 * The Questionnaire settings tab: sub-tabs Scheduling (program-level schedule) and Create/View
 * (the catalogue, custom questionnaires, batches and plans).
 */
export const ProgramQuestionnairesSettings = ({
  program,
  actor,
  path,
  scheduling,
}: {
  program: Program;
  actor: Grants;
  /** The part of the URL after …/settings/questionnaires/ */
  path: string;
  /** The Scheduling sub-tab's screens (questionnaire delivery); absent until it is there. */
  scheduling?: { list: ReactNode; create: ReactNode };
}) => {
  const base = `/programs/${program.programId}/settings/questionnaires`;
  const listPath = `${base}/custom`;
  const route = questionnaireScreen(path);
  const tab: SubTab = route.screen === "scheduled" || route.screen === "scheduled-new" ? "scheduled" : "custom";
  const mayCreate = can(actor, "create_custom_questionnaire_types");
  const programId = program.programId;

  const body = () => {
    switch (route.screen) {
      case "scheduled":
        return (
          scheduling?.list ?? <ProgramScheduling programId={programId} actor={actor} basePath={base} screen="list" />
        );
      case "scheduled-new":
        return (
          scheduling?.create ?? (
            <ProgramScheduling programId={programId} actor={actor} basePath={base} screen="create" />
          )
        );
      case "custom-new":
        return mayCreate ? <CustomQuestionnaireCreate programId={programId} listPath={listPath} /> : null;
      case "custom-edit":
        return mayCreate ? <CustomQuestionnaireEdit programId={programId} id={route.id} listPath={listPath} /> : null;
      case "plan-create":
        return mayCreate ? <PlanCreate programId={programId} listPath={listPath} /> : null;
      case "batch-create":
        return mayCreate ? <BatchCreate programId={programId} listPath={listPath} /> : null;
      default:
        return <QuestionnaireCatalogue programId={programId} actor={actor} basePath={base} />;
    }
  };

  return (
    <Box>
      <h2>Questionnaire settings</h2>
      <Box
        component="nav"
        aria-label="Questionnaire settings tabs"
        sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}
      >
        <Tabs value={tab} aria-label="Questionnaire settings tabs">
          <Tab
            value="scheduled"
            label="Scheduling"
            component={RouterLink}
            to={`${base}/scheduled`}
            aria-current={tab === "scheduled" ? "page" : undefined}
          />
          <Tab
            value="custom"
            label="Create/View"
            component={RouterLink}
            to={listPath}
            aria-current={tab === "custom" ? "page" : undefined}
          />
        </Tabs>
      </Box>
      {body() ?? <Alert severity="warning">{messages.forbidden}</Alert>}
    </Box>
  );
};
