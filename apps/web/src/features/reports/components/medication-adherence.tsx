import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { type MedicationAdherence as Adherence, type MedicationEvent, messages } from "@openpro/core";
import { useId, useState } from "react";
import { ChartFrame, DataTable, framedChart } from "../../../components/data-table";
import { formatDay, formatTime, todayIso } from "../format";
import { NoData, WidgetCard } from "./widget-card";
import { WidgetSelect } from "./widget-select";

const statusLabel = (event: MedicationEvent, today: string): string => {
  switch (event.status) {
    case "LOGGED":
      return "Taken";
    case "SKIPPED":
      return "Skipped";
    case "MISSED":
      return "Missed";
    case "SCHEDULED":
      // A dose still in the future is untaken, not missed.
      return event.date.slice(0, 10) >= today ? "Untaken" : "Scheduled";
  }
};

/** Medications the chart can show: AS_NEEDED ones expect no doses. */
export const chartableMedications = (items: readonly Adherence[]) =>
  items.filter((m) => m.medication.frequency !== "AS_NEEDED");

export const AdherenceTable = ({ items }: { items: readonly Adherence[] }) => (
  <DataTable
    caption="Medication adherence"
    columns={[
      { header: "Medication", cell: (m) => m.medication.name },
      { header: "Adherence", cell: (m) => (m.adherence === null ? "–" : `${m.adherence}%`), align: "right" },
      { header: "Missed", cell: (m) => m.missed, align: "right" },
    ]}
    rows={items}
    rowKey={(m) => m.medication.medicationId}
  />
);

const perDay = (events: readonly MedicationEvent[]) => {
  const days = new Map<string, { taken: number; skipped: number; missed: number }>();
  for (const e of events) {
    const day = e.date.slice(0, 10);
    const entry = days.get(day) ?? { taken: 0, skipped: 0, missed: 0 };
    if (e.status === "LOGGED") entry.taken++;
    else if (e.status === "SKIPPED") entry.skipped++;
    else if (e.status === "MISSED") entry.missed++;
    days.set(day, entry);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, v]) => ({ date, ...v }));
};

export const MedicationChart = ({ item, height = 220 }: { item: Adherence; height?: number }) => {
  const days = perDay(item.events);
  return (
    <>
      <ChartFrame>
        <BarChart
          height={height}
          {...framedChart}
          xAxis={[{ data: days.map((d) => formatDay(d.date)), scaleType: "band" }]}
          yAxis={[{ tickMinStep: 1, label: "Doses" }]}
          series={[
            { data: days.map((d) => d.taken), label: "Taken", stack: "doses" },
            { data: days.map((d) => d.skipped), label: "Skipped", stack: "doses" },
            { data: days.map((d) => d.missed), label: "Missed", stack: "doses" },
          ]}
        />
      </ChartFrame>
      <DataTable
        hidden
        caption={`Doses of ${item.medication.name} per day`}
        columns={[
          { header: "Day", cell: (d) => formatDay(d.date) },
          { header: "Taken", cell: (d) => d.taken, align: "right" },
          { header: "Skipped", cell: (d) => d.skipped, align: "right" },
          { header: "Missed", cell: (d) => d.missed, align: "right" },
        ]}
        rows={days}
        rowKey={(d) => d.date}
      />
    </>
  );
};

export const MedicationTimeline = ({ item, limit }: { item: Adherence; limit?: number }) => {
  const today = todayIso();
  const events = [...item.events].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
  if (events.length === 0) return <NoData>{messages.noMedicationLogs}</NoData>;
  return (
    <List dense aria-label={`${item.medication.name} timeline`}>
      {events.map((e, index) => (
        <ListItem key={e.medicationEventId ?? `${e.date}-${index}`} divider>
          <ListItemText
            primary={`${formatDay(e.date)} ${formatTime(e.date)} – ${statusLabel(e, today)}`}
            secondary={
              [
                e.displayMedication.dosage
                  ? `${e.displayMedication.dosage} ${e.displayMedication.dosageUnit ?? ""}`
                  : null,
                e.displaySkipReasonType,
                e.skipReasonNotes,
                e.notes,
              ]
                .filter(Boolean)
                .join(" · ") || undefined
            }
          />
        </ListItem>
      ))}
    </List>
  );
};

/** A labelled select of the chartable medications (AS_NEEDED excluded). */
export const MedicationPicker = ({
  items,
  value,
  onChange,
}: {
  items: readonly Adherence[];
  value: string;
  onChange: (medicationId: string) => void;
}) => (
  <WidgetSelect
    label="Medication"
    value={value}
    minWidth={220}
    options={items.map((m) => ({ value: m.medication.medicationId, label: m.medication.name }))}
    onChange={onChange}
  />
);

/** Dashboard widget: adherence table (5), chart and timeline of the chosen medication. */
export const MedicationAdherenceWidget = ({
  items,
  seeMoreTo,
  limit = 5,
}: {
  items: readonly Adherence[];
  seeMoreTo?: string;
  limit?: number;
}) => {
  const chartable = chartableMedications(items);
  const [chosen, setChosen] = useState<string>("");
  const selected = chartable.find((m) => m.medication.medicationId === chosen) ?? chartable[0];
  const timelineId = useId();
  return (
    <WidgetCard title="Medication adherence" seeMoreTo={seeMoreTo}>
      {items.length === 0 ? (
        <NoData>{messages.noMedicationLogs}</NoData>
      ) : (
        <>
          <AdherenceTable items={items.slice(0, limit)} />
          {selected ? (
            <Box sx={{ mt: 2 }}>
              <MedicationPicker items={chartable} value={selected.medication.medicationId} onChange={setChosen} />
              <MedicationChart item={selected} />
              <Typography variant="h4" component="h4" id={timelineId} sx={{ fontSize: "1rem" }}>
                Timeline
              </Typography>
              <MedicationTimeline item={selected} limit={5} />
            </Box>
          ) : null}
        </>
      )}
    </WidgetCard>
  );
};
