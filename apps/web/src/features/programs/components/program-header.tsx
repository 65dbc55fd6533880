import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { ReactNode } from "react";
import { PageTitle } from "../../../components/page-title";
import { RouterLink } from "../../../components/router-link";
import type { Program } from "../../../lib/wire";
import { ClosedBadge } from "./closed-badge";
import { TerritoryFlag } from "./territory-flag";

export type ProgramTab = "reports" | "participants" | "settings";

/**
 * Program name, Closed badge, the adverse-event banner, other notices (the page composes them: the
 * invite-code banner), and the overview / participants / settings tabs.
 */
export const ProgramHeader = ({
  program,
  current,
  notices,
  allowedTabs = () => true,
}: {
  program: Program;
  current: ProgramTab | false;
  notices?: ReactNode;
  /** Which tabs the caller may open in this program (the others are not offered). */
  allowedTabs?: (tab: ProgramTab) => boolean;
}) => (
  <Box component="header" sx={{ mb: 3 }}>
    {/* Document 2 §2: the way back to the programs list from any page of a program. */}
    <Link
      component={RouterLink}
      to="/programs"
      underline="hover"
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 1, fontWeight: 600 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      All programs
    </Link>
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
      <TerritoryFlag territory={program.territory} />
      <Box sx={{ "& h1": { mb: 0 } }}>
        <PageTitle>{program.name}</PageTitle>
      </Box>
      {program.closed ? <ClosedBadge /> : null}
      {program.kind === "private" ? <Chip label="Private program" size="small" variant="outlined" /> : null}
    </Box>
    {program.adverseEventReportingMessage ? (
      <Alert severity="warning" sx={{ mt: 2 }} role="note" aria-label="Adverse event reporting">
        {program.adverseEventReportingMessage}
      </Alert>
    ) : null}
    {notices}
    <Box component="nav" aria-label="Program sections" sx={{ borderBottom: 1, borderColor: "divider", mt: 2 }}>
      <Tabs value={current} aria-label="Program sections">
        {allowedTabs("reports") ? (
          <Tab
            value="reports"
            label="Overview"
            component={RouterLink}
            to={`/programs/${program.programId}/reports`}
            aria-current={current === "reports" ? "page" : undefined}
          />
        ) : null}
        {allowedTabs("participants") ? (
          <Tab
            value="participants"
            label="Participants"
            component={RouterLink}
            to={`/programs/${program.programId}/participants`}
            aria-current={current === "participants" ? "page" : undefined}
          />
        ) : null}
        {allowedTabs("settings") ? (
          <Tab
            value="settings"
            label="Settings"
            component={RouterLink}
            to={`/programs/${program.programId}/settings`}
            aria-current={current === "settings" ? "page" : undefined}
          />
        ) : null}
      </Tabs>
    </Box>
  </Box>
);
