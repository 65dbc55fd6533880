import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Program } from "../../../lib/wire";
import { formatDay } from "./format";

/** What the program is: its dates, outcome measures, consented patients and description. */
export const ProgramSummary = ({ program }: { program: Program }) => {
  const facts: [string, string][] = [
    ["Start date", formatDay(program.startDate)],
    ["End date", program.endDate ? formatDay(program.endDate) : "No end date"],
    [
      "Outcome measures",
      program.availableQuestionnaireTypes.length ? program.availableQuestionnaireTypes.join(", ") : "None",
    ],
    ["Consented patients", String(program.consentedPatientsCount)],
  ];
  return (
    <Box component="section" aria-label="About the program" sx={{ mb: 2 }}>
      <Box
        component="dl"
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, auto)" },
          gap: 2,
          m: 0,
          "& dt": { color: "text.secondary", fontSize: 14 },
          "& dd": { m: 0, fontWeight: 600 },
        }}
      >
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Box>
      {program.description ? (
        <Typography component="p" sx={{ mt: 2 }}>
          {program.description}
        </Typography>
      ) : null}
    </Box>
  );
};
