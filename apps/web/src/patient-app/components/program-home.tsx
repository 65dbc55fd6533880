import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { PatientProgram } from "@openpro/core";
import { RouterLink } from "../../components/router-link";
import { formatDateTime, t } from "../../lib/patient-text";
import { useCurrentPatient, useDueQuestionnaires, useMyPrograms } from "../api";
import { CareTeamContacts } from "./care-team-contacts";
import { touch } from "./me-layout";

const logLink = (
  kind: "symptom" | "temperature" | "weight" | "activity" | "feeling",
  program: PatientProgram,
  several: boolean,
) => `/me/log/${kind}${several ? `?programId=${program.programId}` : ""}`;

/** Today's questionnaires to fill in, first on the screen: each opens one question per screen. */
const DueQuestionnaires = ({ program }: { program: PatientProgram }) => {
  const due = useDueQuestionnaires(program.programId);
  if (!due.data || due.data.length === 0) return null;
  const headingId = `me-due-${program.programId}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: "1.2rem", mb: 1 }}>
        {t("questionnairesTitle")}
      </Typography>
      <Box sx={{ display: "grid", gap: 1 }}>
        {due.data.map((event) => (
          <Button
            key={event.id}
            component={RouterLink}
            to={`/me/questionnaires/${program.programId}/${event.id}`}
            variant="contained"
            color="secondary"
            sx={{ ...touch, flexDirection: "column", alignItems: "flex-start", textAlign: "left" }}
          >
            <span>{t("questionnaireDue", { name: event.name })}</span>
            <Typography component="span" sx={{ fontSize: "0.95rem" }}>
              {event.percentComplete > 0
                ? t("questionnaireStarted", { percent: event.percentComplete })
                : t("questionnaireCloses", { date: formatDateTime(event.windowClosesAt) })}
            </Typography>
          </Button>
        ))}
      </Box>
    </Box>
  );
};

const ProgramPanel = ({ program, several }: { program: PatientProgram; several: boolean }) => (
  <Box component="section" aria-labelledby={`me-program-${program.programId}`} sx={{ mb: 4 }}>
    <Typography id={`me-program-${program.programId}`} variant="h2" sx={{ fontSize: "1.5rem", mb: 2 }}>
      {program.name}
    </Typography>
    <DueQuestionnaires program={program} />
    <Button
      component={RouterLink}
      to={logLink("symptom", program, several)}
      variant="contained"
      size="large"
      fullWidth
      sx={{ minHeight: 96, fontSize: "1.4rem", mb: 1, flexDirection: "column", textTransform: "none" }}
    >
      {t("howAreYou")}
      <Typography component="span" sx={{ fontSize: "1rem", opacity: 0.9 }}>
        {t("howAreYouHint")}
      </Typography>
    </Button>
    {/* Two columns on a phone, one when zoomed in (no button narrower than its words). */}
    <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", gap: 1, mb: 3 }}>
      <Button component={RouterLink} to={logLink("temperature", program, several)} variant="outlined" sx={touch}>
        {t("logTemperature")}
      </Button>
      <Button component={RouterLink} to={logLink("weight", program, several)} variant="outlined" sx={touch}>
        {t("logWeight")}
      </Button>
      <Button component={RouterLink} to={logLink("activity", program, several)} variant="outlined" sx={touch}>
        {t("logActivity")}
      </Button>
      <Button component={RouterLink} to={logLink("feeling", program, several)} variant="outlined" sx={touch}>
        {t("logFeeling")}
      </Button>
    </Box>
    <CareTeamContacts careTeam={program.careTeam} />
    {program.articles.length > 0 ? (
      <Box component="section" aria-labelledby={`me-articles-${program.programId}`} sx={{ mb: 3 }}>
        <Typography id={`me-articles-${program.programId}`} variant="h3" sx={{ fontSize: "1.2rem", mb: 1 }}>
          {t("articlesTitle")}
        </Typography>
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {program.articles.map((article) => (
            <li key={article.articleId}>
              <Link
                href={article.url}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: "inline-block", py: 1.25 }}
              >
                {article.header}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    ) : null}
    <Paper variant="outlined" component="aside" aria-label={t("disclaimerTitle")} sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: "1.1rem", fontWeight: 600, mb: 1 }}>
        {t("disclaimerTitle")}
      </Typography>
      {program.disclaimer ? <Typography sx={{ whiteSpace: "pre-line", mb: 1 }}>{program.disclaimer}</Typography> : null}
      <Typography>{t("emergency")}</Typography>
    </Paper>
  </Box>
);

/** The home screen: a greeting, then each program with the way in to logging, its care team and disclaimer. */
export const ProgramHome = () => {
  const programs = useMyPrograms();
  const me = useCurrentPatient();
  const name = me.data ? (me.data.displayName ?? me.data.firstName) : null;
  return (
    <>
      {name ? (
        <Typography sx={{ fontSize: "1.2rem", mb: 2 }} data-testid="me-greeting">
          {t("hello", { name })}
        </Typography>
      ) : null}
      {programs.isPending ? <Typography>{t("loading")}</Typography> : null}
      {programs.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" sx={touch} onClick={() => void programs.refetch()}>
              {t("tryAgain")}
            </Button>
          }
        >
          {t("programsFailed")}
        </Alert>
      ) : null}
      {programs.data?.length === 0 ? <Alert severity="info">{t("noPrograms")}</Alert> : null}
      {programs.data?.map((program) => (
        <ProgramPanel key={program.programId} program={program} several={programs.data.length > 1} />
      ))}
    </>
  );
};
