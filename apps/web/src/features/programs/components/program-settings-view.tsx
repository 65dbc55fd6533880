import { Box, Paper, Typography } from "@mui/material";
import { type Program, territoryLabels } from "@openpro/core";
import type { ReactNode } from "react";

const noteLabel = (types: string[]) => (types.length ? types.join(", ") : "None");

/** The program's general settings, read-only (editing comes with the settings issue). */
export const ProgramSettingsView = ({ program }: { program: Program }) => {
  const rows: [string, ReactNode][] = [
    ["Program name", program.name],
    ["Patient-facing program name", program.patientProgramName ?? "—"],
    ["Description", program.description ?? "—"],
    ["Organisation", program.organisationName],
    ["Country", territoryLabels[program.territory]],
    ["Start date", program.startDate],
    ["End date", program.endDate ?? "—"],
    ["Participation period", program.participationWeeks ? `${program.participationWeeks} weeks` : "—"],
    ["Invite mode", program.inviteMode === "public" ? "Public invite code" : "Individual e-mail invites"],
    ["Populate nurse-visit appointments", program.populateNvAppointments ? "Yes" : "No"],
    ["Free-text notes disabled for", noteLabel(program.disabledNoteTypes)],
    [
      "Default patient identifier",
      program.defaultPatientIdType === "other"
        ? (program.customPatientIdName ?? "Other")
        : (program.defaultPatientIdType ?? "—"),
    ],
    ["Adverse event reporting message", program.adverseEventReportingMessage ?? "—"],
    ["Consented patients", String(program.consentedPatientsCount)],
  ];
  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Program settings
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {program.thumbnailUrl ? (
          <Box
            component="img"
            src={program.thumbnailUrl}
            alt="Program image"
            sx={{ width: 96, height: 96, objectFit: "cover", borderRadius: 1, mb: 2 }}
          />
        ) : null}
        <Box
          component="dl"
          sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "minmax(180px, 1fr) 2fr" }, gap: 1 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
};
