import MuiAlert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { alertStatusLabels, appointmentTypeLabels, closeActionLabels, type PreVisitSummary } from "@openpro/core";
import { type ReactNode, useId } from "react";
import { Loading } from "../../../components/loading";
import type { PatientOfProgram } from "../../../components/patient-props";
import { RouterLink } from "../../../components/router-link";
import { formatDateTime, formatDay } from "../../../lib/format";
import { summaryErrorText, usePreVisitSummary } from "../api";

const Section = ({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" id={headingId} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {children}
        </Box>
      )}
    </Paper>
  );
};

const To = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** The summary's page: every figure links to where its detail is. */
export const PreVisitSummaryView = ({
  summary,
  programId,
  base,
}: {
  summary: PreVisitSummary;
  programId: string;
  /** The patient area's address (/programs/{programId}/participants/{userId}). */
  base: string;
}) => {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography role="status">
        {`${summary.patientName}, ${summary.programName}: ${formatDay(summary.from)} to ${formatDay(summary.to)}`}
        {summary.lastVisit ? (
          <>
            {", since the last visit ("}
            <To to={`${base}/schedule-nurse-appointment/${summary.lastVisit.appointmentId}`}>
              {`${appointmentTypeLabels[summary.lastVisit.appointmentType as keyof typeof appointmentTypeLabels] ?? summary.lastVisit.appointmentType}, ${formatDay(summary.lastVisit.date)}`}
            </To>
            {")"}
          </>
        ) : (
          ", no visit recorded before today"
        )}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        <Section title="Symptoms at a danger grade" empty="No symptom reached a danger grade.">
          {summary.severeSymptoms.map((s) => (
            <li key={s.logTypeId}>
              <To to={`${base}/symptoms/${s.logTypeId}`}>{s.name}</To>
              {`: worst grade ${s.worstGrade}, first on ${formatDay(s.firstSevereDate)}; course ${s.course.map((c) => c.grade).join(" → ")}`}
            </li>
          ))}
        </Section>
        <Section title="Alerts" empty="No alert in the period.">
          {summary.alerts.map((a) => (
            <li key={a.alertId}>
              <To to={`/alerts?projectId=${programId}&alert=${a.alertId}`}>{a.what}</To>
              {`, ${formatDateTime(a.raisedAt)}: ${alertStatusLabels[a.status]}`}
              {a.closeAction ? `, ${closeActionLabels[a.closeAction]}${a.closeNote ? ` (${a.closeNote})` : ""}` : ""}
            </li>
          ))}
        </Section>
        <Section title="Temperature out of range" empty="No temperature out of range.">
          {summary.temperaturesOutOfRange.map((t) => (
            <li key={t.logId}>
              <To to={`${base}/calendar?date=${t.date}`}>{`${t.celsius.toFixed(1)} °C`}</To>
              {`, ${formatDateTime(t.loggedAt)}`}
            </li>
          ))}
        </Section>
        <Section title="Medication adherence" empty="No medication recorded.">
          {summary.medicationAdherence.map((m) => (
            <li key={m.name}>
              <To to={`${base}/medications`}>{m.name}</To>
              {`: ${m.logged} taken, ${m.skipped} skipped, ${m.missed} missed of ${m.total}`}
            </li>
          ))}
        </Section>
        <Section title="Questionnaire scores" empty="No questionnaire answered in the period.">
          {summary.questionnaires.map((q) => (
            <li key={q.eventId}>
              <To to={`${base}/delivered-questionnaires`}>{q.name}</To>
              {`, ${formatDateTime(q.completedAt)}`}
              <Box component="ul" sx={{ pl: 2, m: 0 }}>
                {q.changes.map((c) => (
                  <li key={c.scale}>
                    {`${c.label}: ${c.score === null ? "not scored" : c.score}`}
                    {c.change === null
                      ? " (no earlier score)"
                      : ` (${signed(c.change)} since ${c.previous}${c.mid === null ? "" : `; MID ${c.mid}`})`}
                    {c.meaningful ? (
                      <Typography
                        component="strong"
                        sx={{ color: c.direction === "worse" ? "error.main" : "success.main", fontWeight: 600 }}
                      >
                        {c.direction === "worse" ? " meaningfully worse" : " meaningfully better"}
                      </Typography>
                    ) : null}
                  </li>
                ))}
              </Box>
            </li>
          ))}
        </Section>
        <Section title="Missed questionnaires" empty="No questionnaire missed.">
          {summary.missedQuestionnaires.map((m) => (
            <li key={m.eventId}>
              <To to={`${base}/delivered-questionnaires`}>{m.name}</To>
              {`, due ${formatDay(m.dueDate)}`}
            </li>
          ))}
        </Section>
        <Section title="The patient's notes" empty="No note in the period.">
          {summary.notes.map((n) => (
            <li key={n.logId}>
              <To to={`${base}/calendar?date=${n.date}`}>{formatDay(n.date)}</To>
              {`: ${n.note}`}
            </li>
          ))}
        </Section>
      </Box>
    </Box>
  );
};

/** Loads and shows the pre-visit summary of one patient. */
export const PreVisitSummaryCard = ({ programId, userId, base }: PatientOfProgram & { base: string }) => {
  const summary = usePreVisitSummary(programId, userId);
  if (summary.isPending) return <Loading label="Loading the pre-visit summary" />;
  if (summary.isError) return <MuiAlert severity="error">{summaryErrorText(summary.error)}</MuiAlert>;
  return <PreVisitSummaryView summary={summary.data} programId={programId} base={base} />;
};
