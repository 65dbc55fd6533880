import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type LogItem, type SymptomGroup, symptomGradeLabels } from "@openpro/core";
import { type ReactNode, useId, useState } from "react";
import { SevereMark } from "../../../components/severe-mark";
import { type AcknowledgeOutcome, useAcknowledgeAll } from "../api";
import { LogValidation } from "./log-validation";

/** Long lists scroll inside their card; focusable so the keyboard can scroll them. */
const scrollable = { maxHeight: 520, overflowY: "auto" } as const;
/** Invalidated logs are dimmed by a grey ground and secondary text (opacity would fail contrast). */
const dimmed = { bgcolor: "action.hover", color: "text.secondary" } as const;

const pad = (n: number) => String(n).padStart(2, "0");
const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const gradeOf = (item: LogItem) => item.data.grade ?? item.level?.grade ?? 0;

interface Entry {
  group: SymptomGroup;
  item: LogItem;
}
const entriesOf = (groups: readonly SymptomGroup[], keep: (item: LogItem) => boolean): Entry[] =>
  groups
    .flatMap((group) => group.items.filter(keep).map((item) => ({ group, item })))
    .sort((a, b) => b.item.date.localeCompare(a.item.date));

const Card = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, height: "100%" }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography variant="h3" id={headingId}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
};

const LogEntry = ({
  entry: { group, item },
  programId,
  canValidate,
  showRedFlags,
  renderName,
}: {
  entry: Entry;
  programId: string;
  canValidate: boolean;
  showRedFlags: boolean;
  renderName: (group: SymptomGroup) => ReactNode;
}) => {
  const grade = gradeOf(item);
  const removed = item.validationStatus === "Removed";
  const danger = showRedFlags && (item.level?.isDanger ?? false) && !removed;
  return (
    <ListItem divider sx={{ display: "block", ...(removed ? dimmed : {}) }}>
      <Typography component="div">
        {renderName(group)}
        {` · Grade ${grade} – ${symptomGradeLabels[grade] ?? ""}`}
        {danger ? <SevereMark /> : null}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {when(item.date)}
      </Typography>
      <LogValidation
        programId={programId}
        log={item}
        canValidate={canValidate}
        label={`${group.log.name}, ${when(item.date)}`}
      />
    </ListItem>
  );
};

/**
 * The New card (with Acknowledge All) and the Acknowledged card of the patient's symptom logs.
 * Invalidated logs are listed, dimmed, under the acknowledged ones.
 */
export const SymptomLogs = ({
  programId,
  symptomsNew,
  symptomsAcknowledged,
  symptomsRemoved,
  canValidate,
  showRedFlags,
  emptyText,
  renderName = (group) => group.log.name,
}: {
  programId: string;
  symptomsNew: readonly SymptomGroup[];
  symptomsAcknowledged: readonly SymptomGroup[];
  symptomsRemoved: readonly SymptomGroup[];
  canValidate: boolean;
  showRedFlags: boolean;
  emptyText: string;
  renderName?: (group: SymptomGroup) => ReactNode;
}) => {
  const acknowledgeAll = useAcknowledgeAll(programId);
  const [outcome, setOutcome] = useState<AcknowledgeOutcome[] | null>(null);
  const fresh = entriesOf(symptomsNew, (i) => i.validationStatus === null);
  const done = entriesOf(symptomsAcknowledged, (i) => i.validationStatus === "Acknowledged");
  const removed = entriesOf(symptomsRemoved, (i) => i.validationStatus === "Removed");
  const succeeded = outcome?.filter((o) => o.ok).length ?? 0;
  const failed = outcome?.filter((o) => !o.ok) ?? [];
  const nameOf = (logId: string) => {
    const entry = entriesOf(symptomsNew, () => true).find((e) => e.item.logId === logId);
    return entry ? `${entry.group.log.name}, ${when(entry.item.date)}` : logId;
  };

  const entry = (e: Entry) => (
    <LogEntry
      key={e.item.logId}
      entry={e}
      programId={programId}
      canValidate={canValidate}
      showRedFlags={showRedFlags}
      renderName={renderName}
    />
  );

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
      <Card
        title="New symptom logs"
        action={
          canValidate && fresh.length > 0 ? (
            <Button
              variant="contained"
              size="small"
              disabled={acknowledgeAll.isPending}
              onClick={() =>
                acknowledgeAll.mutate(
                  fresh.map((e) => e.item.logId),
                  { onSuccess: setOutcome },
                )
              }
            >
              Acknowledge All
            </Button>
          ) : null
        }
      >
        <Box aria-live="polite">
          {outcome ? (
            <Alert
              severity={failed.length === 0 ? "success" : succeeded === 0 ? "error" : "warning"}
              onClose={() => setOutcome(null)}
              sx={{ mb: 1 }}
            >
              {succeeded > 0
                ? `${succeeded} log${succeeded === 1 ? "" : "s"} acknowledged and moved to Acknowledged symptom logs.`
                : null}
              {failed.length > 0 ? (
                <>
                  {` ${failed.length} log${failed.length === 1 ? "" : "s"} could not be acknowledged:`}
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {failed.map((f) => (
                      <li key={f.logId}>
                        {nameOf(f.logId)}
                        {f.message ? ` (${f.message})` : ""}
                      </li>
                    ))}
                  </Box>
                </>
              ) : null}
            </Alert>
          ) : null}
        </Box>
        {fresh.length === 0 ? (
          <Typography color="text.secondary">{emptyText}</Typography>
        ) : (
          <List dense aria-label="New symptom logs" tabIndex={0} sx={scrollable}>
            {fresh.map(entry)}
          </List>
        )}
      </Card>
      <Card title="Acknowledged symptom logs">
        {done.length === 0 && removed.length === 0 ? (
          <Typography color="text.secondary">{emptyText}</Typography>
        ) : (
          <List dense aria-label="Acknowledged symptom logs" tabIndex={0} sx={scrollable}>
            {done.map(entry)}
            {removed.map(entry)}
          </List>
        )}
      </Card>
    </Box>
  );
};
