import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import type { CalendarDay } from "@openpro/core";
import { type ReactNode, useMemo, useState } from "react";
import { formatLongDay, todayIso } from "../format";
import { WidgetCard } from "./widget-card";
import { WidgetSelect } from "./widget-select";

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** The spec's year selector starts here. */
export const firstCalendarYear = 1900;

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;

/** Weeks (Monday first) of a month; cells without a date pad the first and last week. */
export const monthGrid = (year: number, month: number): { key: string; date: string | null }[][] => {
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: { key: string; date: string | null }[] = [];
  for (let i = 0; i < lead; i++) cells.push({ key: `lead-${i}`, date: null });
  for (let d = 1; d <= days; d++) cells.push({ key: iso(year, month, d), date: iso(year, month, d) });
  for (let i = 0; cells.length % 7; i++) cells.push({ key: `trail-${i}`, date: null });
  const weeks: { key: string; date: string | null }[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
};

export interface CalendarProps {
  days: readonly CalendarDay[];
  range: { startDate: string; endDate: string };
  consentDate: string | null;
  selected: string | null;
  onSelect: (date: string) => void;
  /** view_user_symptom_red_flags: worst-symptom days shown as such (else as any-log days). */
  showRedFlags: boolean;
  seeMoreTo?: string;
  /**
   * The chosen day's detail, drawn inside the card under the legend. Drawn after the card instead,
   * it spilled over the widgets below it (the card keeps its grid row's height).
   */
  dayDetail?: ReactNode;
}

const colours = {
  danger: "#c62828",
  logged: "#1565c0",
  range: "rgba(25, 118, 210, 0.12)",
  beforeConsent: "#9e9e9e",
};

/** A month calendar of the patient's days, with a legend; a day button selects it. */
export const CalendarWidget = ({
  days,
  range,
  consentDate,
  selected,
  onSelect,
  showRedFlags,
  seeMoreTo,
  dayDetail,
}: CalendarProps) => {
  const initial = selected ?? range.endDate ?? todayIso();
  const [year, setYear] = useState(Number(initial.slice(0, 4)));
  const [month, setMonth] = useState(Number(initial.slice(5, 7)) - 1);
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const thisYear = new Date().getFullYear();
  const years = useMemo(() => {
    const list: number[] = [];
    for (let y = thisYear; y >= firstCalendarYear; y--) list.push(y);
    return list;
  }, [thisYear]);

  const move = (delta: number) => {
    const m = month + delta;
    const y = year + Math.floor(m / 12);
    if (y < firstCalendarYear || y > thisYear) return;
    setYear(y);
    setMonth(((m % 12) + 12) % 12);
  };

  const describe = (date: string) => {
    const day = byDate.get(date);
    const parts = [formatLongDay(date)];
    if (day?.type === "DANGER") parts.push(showRedFlags ? "worst symptom day" : "logged");
    else if (day?.type === "LOGGED") parts.push("logged");
    if (day?.acknowledged) parts.push("all acknowledged");
    if (date >= range.startDate && date <= range.endDate) parts.push("in selected range");
    if (consentDate && date < consentDate) parts.push("before consent");
    return parts.join(", ");
  };

  return (
    <WidgetCard title="Calendar" seeMoreTo={seeMoreTo}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => move(-1)} size="small">
          <ChevronLeftIcon />
        </IconButton>
        <WidgetSelect
          label="Month"
          value={month}
          minWidth={140}
          options={monthNames.map((name, index) => ({ value: index, label: name }))}
          onChange={setMonth}
        />
        <WidgetSelect
          label="Year"
          value={year}
          minWidth={100}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onChange={setYear}
          menuMaxHeight={300}
        />
        <IconButton aria-label="Next month" onClick={() => move(1)} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box component="table" sx={{ borderCollapse: "collapse", width: "100%", tableLayout: "fixed" }}>
        <caption className="visually-hidden">{`${monthNames[month]} ${year}`}</caption>
        <thead>
          <tr>
            {weekdays.map((w) => (
              <Box component="th" scope="col" key={w} sx={{ fontWeight: 500, fontSize: "0.8rem", p: 0.5 }}>
                {w}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, date }) => {
                if (!date) return <td key={key} />;
                const day = byDate.get(date);
                const danger = day?.type === "DANGER" && showRedFlags;
                const logged = day?.type === "LOGGED" || (day?.type === "DANGER" && !showRedFlags);
                const inRange = date >= range.startDate && date <= range.endDate;
                const beforeConsent = consentDate !== null && date < consentDate;
                const isSelected = date === selected;
                return (
                  <Box component="td" key={date} sx={{ p: 0.25, bgcolor: inRange ? colours.range : undefined }}>
                    <Box
                      component="button"
                      type="button"
                      onClick={() => onSelect(date)}
                      aria-label={describe(date)}
                      aria-pressed={isSelected}
                      sx={{
                        display: "block",
                        width: 34,
                        height: 34,
                        mx: "auto",
                        p: 0,
                        border: 2,
                        borderColor: isSelected ? "text.primary" : day?.acknowledged ? "success.main" : "transparent",
                        borderRadius: "50%",
                        cursor: "pointer",
                        font: "inherit",
                        bgcolor: danger ? colours.danger : logged ? colours.logged : "transparent",
                        color: danger || logged ? "#fff" : beforeConsent ? "text.secondary" : "text.primary",
                        textDecoration: beforeConsent ? "line-through" : undefined,
                        "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 1 },
                      }}
                    >
                      {Number(date.slice(8, 10))}
                    </Box>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
      <CalendarLegend showRedFlags={showRedFlags} />
      {dayDetail}
    </WidgetCard>
  );
};

const LegendItem = ({ swatch, label }: { swatch: object; label: string }) => (
  <Box component="li" sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
    <Box aria-hidden="true" sx={{ width: 14, height: 14, borderRadius: "50%", flexShrink: 0, ...swatch }} />
    <Typography variant="body2">{label}</Typography>
  </Box>
);

export const CalendarLegend = ({ showRedFlags }: { showRedFlags: boolean }) => (
  <Box
    component="ul"
    aria-label="Calendar key"
    sx={{ listStyle: "none", p: 0, m: 0, mt: 1, display: "flex", gap: 2, flexWrap: "wrap" }}
  >
    {showRedFlags ? <LegendItem swatch={{ bgcolor: colours.danger }} label="Worst symptom days" /> : null}
    <LegendItem swatch={{ bgcolor: colours.logged }} label="Any log days" />
    <LegendItem swatch={{ border: 2, borderColor: "success.main" }} label="All acknowledged" />
    <LegendItem swatch={{ bgcolor: colours.range, borderRadius: 0 }} label="Selected range" />
    <LegendItem swatch={{ bgcolor: colours.beforeConsent }} label="Before consent" />
  </Box>
);
