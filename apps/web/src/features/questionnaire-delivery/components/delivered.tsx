import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import MenuItem from "@mui/material/MenuItem";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { LineChart } from "@mui/x-charts/LineChart";
import { messages, type QuestionnaireEvent, questionnaireScheduleLimits } from "@openpro/core";
import { Fragment, type ReactNode, useMemo, useState } from "react";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { RouterLink } from "../../../components/router-link";
import { WidgetCard } from "../../../components/widget-card";
import { formatDay } from "../../../lib/format";
import { useDeliveredQuestionnaires, useEventAnswers, usePatientSchedule } from "../api";

/** The locale's one date format (lib/format). */
const formatDate = (iso: string) => formatDay(iso);
const round1 = (n: number) => Math.round(n * 10) / 10;

const statusColor = (e: QuestionnaireEvent): "success" | "warning" | "error" | "default" =>
  e.statusLabel === "Completed" ? "success" : e.isFailed ? "error" : e.isStarted ? "warning" : "default";

export const EventStatus = ({ event }: { event: QuestionnaireEvent }) => (
  <Chip size="small" variant="outlined" color={statusColor(event)} label={event.statusLabel} />
);

/** One delivered questionnaire as a list item: its date, its name, its status. */
const EventLine = ({ event }: { event: QuestionnaireEvent }) => (
  <Box component="li" sx={{ display: "flex", gap: 2, alignItems: "center" }}>
    <Typography component="span" sx={{ minWidth: 96 }}>
      {formatDate(event.date)}
    </Typography>
    <Typography component="span" sx={{ flex: 1 }}>
      {event.name}
    </Typography>
    <EventStatus event={event} />
  </Box>
);

const scoreSummary = (e: QuestionnaireEvent) =>
  (e.scores ?? [])
    .filter((s) => s.score !== null)
    .slice(0, 4)
    .map((s) => `${s.label}: ${round1(s.score!)}`)
    .join(" · ");

/** One delivered questionnaire's answers: by item code (licensed) or question (custom, with skips). */
const Answers = ({ programId, userId, event }: { programId: string; userId: string; event: QuestionnaireEvent }) => {
  const answers = useEventAnswers(programId, userId, event.id, event.kind);
  if (!answers.data) return <CircularProgress size={20} aria-label="Loading the answers" />;
  const data = answers.data;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      {data.kind === "hardcoded" ? (
        <DataTable
          caption={`Answers of ${event.name} on ${formatDate(event.date)}`}
          columns={[
            { header: "Item", cell: (l) => l.logType },
            { header: "Answer", cell: (l) => l.data.value ?? "—", align: "right" },
          ]}
          rows={data.logs}
          rowKey={(l) => l.logType}
        />
      ) : (
        <DataTable
          caption={`Answers of ${event.name} on ${formatDate(event.date)}`}
          columns={[
            { header: "Section", cell: (a) => a.section ?? "" },
            { header: "Question", cell: (a) => a.question },
            {
              header: "Answer",
              cell: (a) =>
                a.status === "ANSWERED" ? (
                  (a.displayAnswer ?? "Not answered")
                ) : (
                  <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic" }}>
                    {a.displayAnswer ?? "Not answered"}
                  </Box>
                ),
            },
          ]}
          rows={data.answers}
          rowKey={(a) => a.questionId}
        />
      )}
      {event.scores?.length ? (
        <DataTable
          caption={`Scores of ${event.name} on ${formatDate(event.date)}`}
          columns={[
            { header: "Scale", cell: (s) => s.label },
            { header: "Score", cell: (s) => (s.score === null ? "—" : round1(s.score)), align: "right" },
          ]}
          rows={event.scores}
          rowKey={(s) => s.scale}
        />
      ) : null}
    </Box>
  );
};

/** Scores of one scale over time, with the minimal important difference band around the first score. */
export const ScoreTrend = ({ events, scale }: { events: QuestionnaireEvent[]; scale: string }) => {
  const points = events
    .filter((e) => e.scores?.some((s) => s.scale === scale && s.score !== null))
    .map((e) => ({
      date: e.date,
      score: e.scores!.find((s) => s.scale === scale)!.score!,
      mid: e.scores!.find((s) => s.scale === scale)!.mid,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const label = events.flatMap((e) => e.scores ?? []).find((s) => s.scale === scale)?.label ?? scale;
  if (points.length === 0) return null;
  const mid = points[0]!.mid;
  const baseline = points[0]!.score;
  return (
    <Box>
      <Typography variant="h4" component="h4" sx={{ fontSize: "1rem" }}>
        {label}
      </Typography>
      <ChartFrame>
        <LineChart
          height={180}
          {...framedChart}
          hideLegend
          xAxis={[{ data: points.map((p) => formatDate(p.date)), scaleType: "point" }]}
          series={[{ curve: "linear", data: points.map((p) => round1(p.score)), label }]}
        >
          {mid !== undefined ? (
            <>
              {/* At opposite ends of their lines: a small MID put both labels over each other. */}
              <ChartsReferenceLine
                y={baseline + mid}
                label="+MID"
                labelAlign="start"
                lineStyle={{ strokeDasharray: "4 2" }}
              />
              <ChartsReferenceLine
                y={baseline - mid}
                label="−MID"
                labelAlign="end"
                lineStyle={{ strokeDasharray: "4 2" }}
              />
            </>
          ) : null}
        </LineChart>
      </ChartFrame>
      {mid !== undefined ? (
        <Typography variant="body2" color="text.secondary">
          {`Band: first score ${round1(baseline)} ± ${mid} (minimal important difference)`}
        </Typography>
      ) : null}
      <DataTable
        hidden
        caption={`${label} over time`}
        columns={[
          { header: "Date", cell: (p) => formatDate(p.date) },
          { header: "Score", cell: (p) => round1(p.score) },
        ]}
        rows={points}
        rowKey={(p) => p.date}
      />
    </Box>
  );
};

/** The scales of the completed licensed questionnaires, one trend each. */
export const ScoreTrends = ({ events, kinds }: { events: QuestionnaireEvent[]; kinds?: readonly string[] }) => {
  const scales = [
    ...new Set(
      events.flatMap((e) =>
        (e.scores ?? []).filter((s) => s.score !== null && (!kinds || kinds.includes(s.kind))).map((s) => s.scale),
      ),
    ),
  ];
  if (scales.length === 0) return null;
  return (
    <Box
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}
    >
      {scales.map((scale) => (
        <ScoreTrend key={scale} events={events} scale={scale} />
      ))}
    </Box>
  );
};

/**
 * The delivered questionnaires page: a questionnaire-type select, the View questionnaire schedule
 * button, the results table (with answers on demand), score trends and a timeline.
 */
export const DeliveredQuestionnaires = ({
  programId,
  userId,
  schedulePath,
  canViewSchedule,
}: {
  programId: string;
  userId: string;
  schedulePath: string;
  canViewSchedule: boolean;
}) => {
  const delivered = useDeliveredQuestionnaires(programId, userId, { perPage: 500 });
  const schedule = usePatientSchedule(programId, userId, canViewSchedule);
  const [typeId, setTypeId] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const all = delivered.data?.results ?? [];
  const types = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of all) map.set(e.questionnaireTypeId, e.name);
    return [...map.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [all]);
  const events = typeId ? all.filter((e) => e.questionnaireTypeId === typeId) : all;
  const scheduledOnly =
    typeId === "" && all.length === 0 && (schedule.data?.results.length ?? 0) > 0
      ? messages.qsScheduledNotDelivered
      : null;

  if (delivered.isPending) return <CircularProgress size={24} aria-label="Loading the questionnaires" />;
  return (
    // minmax(0, 1fr): an implicit grid column grew to the results table's width (693 px on a phone).
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label="Questionnaire"
          value={typeId}
          onChange={(e) => setTypeId(e.target.value)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">All questionnaires</MenuItem>
          {types.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {canViewSchedule ? (
          <Button variant="outlined" component={RouterLink} to={schedulePath}>
            View questionnaire schedule
          </Button>
        ) : null}
      </Box>
      {events.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {scheduledOnly ?? messages.qsNoneYet}
        </Typography>
      ) : (
        <>
          <WidgetCard wrap title="Results">
            <TableContainer>
              <Table size="small" aria-label="Delivered questionnaires">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Day</TableCell>
                    <TableCell>Questionnaire</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Scores</TableCell>
                    <TableCell>
                      <span className="visually-hidden">Answers</span>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {events.map((e) => (
                    <Fragment key={e.id}>
                      <TableRow>
                        <TableCell>{formatDate(e.date)}</TableCell>
                        <TableCell>{e.day ?? "—"}</TableCell>
                        <TableCell>{e.name}</TableCell>
                        <TableCell>
                          <EventStatus event={e} />
                        </TableCell>
                        <TableCell>{scoreSummary(e) || "—"}</TableCell>
                        <TableCell align="right">
                          {e.isStarted ? (
                            <Button
                              size="small"
                              aria-expanded={open === e.id}
                              onClick={() => setOpen(open === e.id ? null : e.id)}
                            >
                              {open === e.id ? "Hide answers" : "View answers"}
                            </Button>
                          ) : null}
                        </TableCell>
                      </TableRow>
                      {open === e.id ? (
                        <TableRow>
                          <TableCell colSpan={6}>
                            <Answers programId={programId} userId={userId} event={e} />
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </WidgetCard>
          {events.some((e) => e.scores?.length) ? (
            <WidgetCard wrap title="Score trends">
              <ScoreTrends events={events} />
            </WidgetCard>
          ) : null}
          <WidgetCard wrap title="Timeline">
            <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
              {[...events]
                .sort((a, b) => a.date.localeCompare(b.date))
                .map((e) => (
                  <EventLine key={e.id} event={e} />
                ))}
            </Box>
          </WidgetCard>
        </>
      )}
    </Box>
  );
};

/** Dashboard: the latest three delivered, and the next three to come, each with See more. */
/** A dashboard card's list, one item a line, or the message that there is none yet. */
const WidgetList = <T,>({
  items,
  empty,
  children,
}: {
  items: readonly T[];
  empty: string;
  children: (item: T) => ReactNode;
}) =>
  items.length === 0 ? (
    <Typography color="text.secondary" role="status">
      {empty}
    </Typography>
  ) : (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
      {items.map((item) => children(item))}
    </Box>
  );

export const QuestionnaireWidgets = ({
  programId,
  userId,
  deliveredPath,
  scheduledPath,
  showDelivered,
  showUpcoming,
}: {
  programId: string;
  userId: string;
  deliveredPath: string;
  scheduledPath: string;
  showDelivered: boolean;
  showUpcoming: boolean;
}) => {
  const size = questionnaireScheduleLimits.dashboardWidgetSize;
  const delivered = useDeliveredQuestionnaires(programId, userId, { perPage: 100, enabled: showDelivered });
  const schedule = usePatientSchedule(programId, userId, showUpcoming);
  const latest = (delivered.data?.results ?? []).slice(0, size);
  const upcoming = (schedule.data?.upcoming ?? []).slice(0, size);
  return (
    <>
      {showDelivered ? (
        <WidgetCard wrap title="Delivered questionnaires" seeMoreTo={deliveredPath}>
          <WidgetList items={latest} empty={messages.qsNoneYet}>
            {(e) => <EventLine key={e.id} event={e} />}
          </WidgetList>
          {/* The dashboard shows the headline scales; the delivered page shows every one. */}
          <ScoreTrends events={delivered.data?.results ?? []} kinds={["summary", "index", "total", "global"]} />
        </WidgetCard>
      ) : null}
      {showUpcoming ? (
        <WidgetCard wrap title="Upcoming questionnaires" seeMoreTo={scheduledPath}>
          <WidgetList items={upcoming} empty={messages.qsNoneScheduled}>
            {(u) => (
              <Box component="li" key={`${u.scheduleId}-${u.date}`} sx={{ display: "flex", gap: 2 }}>
                <Typography component="span" sx={{ minWidth: 96 }}>
                  {formatDate(u.date)}
                </Typography>
                <Typography component="span">{u.name}</Typography>
              </Box>
            )}
          </WidgetList>
        </WidgetCard>
      ) : null}
    </>
  );
};
