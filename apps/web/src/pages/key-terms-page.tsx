import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { PageTitle } from "../components/page-title";

const terms: { term: string; definition: string }[] = [
  {
    term: "PRO (patient-reported outcome)",
    definition:
      "A report of a patient's health status that comes directly from the patient, without interpretation by a clinician or anyone else.",
  },
  {
    term: "Program",
    definition:
      "A managed group of patients (also called a project or study) run by an organisation, with its own team, questionnaires, schedules and settings.",
  },
  {
    term: "Organisation",
    definition: "The hospital, clinic or company that owns programs and whose staff form the program teams.",
  },
  {
    term: "Participant",
    definition: "A patient enrolled in a program who logs health data in the OpenPRO mobile app.",
  },
  {
    term: "Questionnaire",
    definition:
      "A standard or custom set of questions sent to participants on a schedule, such as EQ-5D, QLQ-C30, BN20 or FACT-G.",
  },
  {
    term: "CTCAE grade",
    definition:
      "The Common Terminology Criteria for Adverse Events grade of a symptom's severity: 0 did not experience, 1 mild, 2 moderate, 3 severe, 4 very severe.",
  },
  {
    term: "Adverse event",
    definition:
      "Any unfavourable sign, symptom or disease that happens during treatment, whether or not it is caused by the treatment.",
  },
  {
    term: "Adherence",
    definition: "How closely a participant takes medication as prescribed, as logged in the mobile app.",
  },
  {
    term: "Red flag",
    definition: "A symptom log that crosses the program's severity threshold and needs a clinician's attention.",
  },
  {
    term: "Territory",
    definition: "The region whose rules and time zone apply to a program: UK/Ireland, USA or Switzerland.",
  },
  {
    term: "Invite code",
    definition:
      "A code that lets a patient join a program: sent individually by e-mail, or one public code for the program.",
  },
  {
    term: "One-time code",
    definition:
      "A 6-digit code sent by e-mail to confirm a sign-in or a password reset; it expires after a short time.",
  },
];

/** A static glossary of the words used across the dashboard. */
export const KeyTermsPage = () => (
  <>
    <PageTitle>Key terms</PageTitle>
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Box component="dl" sx={{ m: 0 }}>
        {terms.map(({ term, definition }) => (
          <Box key={term} sx={{ mb: 2 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ ml: 0, color: "text.secondary" }}>
              {definition}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  </>
);
