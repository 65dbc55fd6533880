import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import MuiLink from "@mui/material/Link";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { maxSymptomGrade, messages, type ParticipantReport } from "@openpro/core";
import { useId, useState } from "react";
import { DataTable } from "../../../components/data-table";
import { RouterLink } from "../../../components/router-link";
import { NoData, WidgetCard } from "./widget-card";

type MostLogged = ParticipantReport["mostLoggedSymptoms"][number];
export type SymptomOrder = "count" | "severity";

const grades = Array.from({ length: maxSymptomGrade + 1 }, (_, g) => g);
const worstGrade = (s: MostLogged) => Math.max(0, ...s.grades.filter((g) => g.count > 0).map((g) => g.grade));
const gradeCount = (s: MostLogged, grade: number) => s.grades.find((g) => g.grade === grade)?.count ?? 0;

export const orderSymptoms = (symptoms: readonly MostLogged[], order: SymptomOrder, limit = 5): MostLogged[] =>
  [...symptoms]
    .sort((a, b) =>
      order === "count"
        ? b.count - a.count || worstGrade(b) - worstGrade(a)
        : worstGrade(b) - worstGrade(a) || b.count - a.count,
    )
    .slice(0, limit);

const SymptomTable = ({
  rows,
  symptomHref,
}: {
  rows: readonly MostLogged[];
  symptomHref: (logTypeId: string) => string;
}) => (
  <DataTable
    caption="Most logged symptoms with the number of logs per grade"
    columns={[
      {
        header: "Symptom",
        cell: (s) => (
          <MuiLink component={RouterLink} to={symptomHref(s.logType.logTypeId)}>
            {s.logType.name}
          </MuiLink>
        ),
      },
      { header: "Logs", cell: (s) => s.count, align: "right" },
      ...grades.map((g) => ({
        header: `Grade ${g}`,
        cell: (s: MostLogged) => {
          const n = gradeCount(s, g);
          const severe = s.grades.find((x) => x.grade === g)?.severe ?? false;
          return severe && n > 0 ? <strong>{n}</strong> : n;
        },
        align: "right" as const,
      })),
    ]}
    rows={rows}
    rowKey={(s) => s.logType.logTypeId}
  />
);

/** The five symptoms logged most (or most severe), with how many logs per grade 0–4; See more opens them all. */
export const MostLoggedSymptoms = ({
  symptoms,
  symptomHref,
  limit = 5,
}: {
  symptoms: ParticipantReport["mostLoggedSymptoms"];
  symptomHref: (logTypeId: string) => string;
  limit?: number;
}) => {
  const [order, setOrder] = useState<SymptomOrder>("count");
  const [drawerOpen, setDrawerOpen] = useState(false);
  const titleId = useId();
  const rows = orderSymptoms(symptoms, order, limit);
  const orderToggle = (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={order}
      onChange={(_, value: SymptomOrder | null) => value && setOrder(value)}
      aria-label="Order symptoms by"
    >
      <ToggleButton value="count">Number of logs</ToggleButton>
      <ToggleButton value="severity">Most severe</ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <WidgetCard
      title="Most logged symptoms"
      actions={
        <>
          {orderToggle}
          {symptoms.length > 0 ? (
            <Button size="small" onClick={() => setDrawerOpen(true)} aria-label="See more: Most logged symptoms">
              See more
            </Button>
          ) : null}
        </>
      }
    >
      {rows.length === 0 ? (
        <NoData>{messages.noSymptomLogs}</NoData>
      ) : (
        <SymptomTable rows={rows} symptomHref={symptomHref} />
      )}
      <Drawer
        anchor="right"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId } }}
      >
        <Box sx={{ width: { xs: "100vw", sm: 640 }, p: 3 }}>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mb: 1 }}>
            <Typography variant="h2" id={titleId}>
              Most logged symptoms
            </Typography>
            <IconButton aria-label="Close" onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <SymptomTable rows={orderSymptoms(symptoms, order, symptoms.length)} symptomHref={symptomHref} />
        </Box>
      </Drawer>
    </WidgetCard>
  );
};
