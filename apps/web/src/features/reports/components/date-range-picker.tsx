import Box from "@mui/material/Box";
import { messages } from "@openpro/core";
import { useState } from "react";
import { DateField, isIsoDate } from "../../../components/form-date-field";
import { formatDay } from "../../../lib/format";
import type { DateRange } from "../api";

/**
 * Two labelled date inputs (no date library): the range is applied once both dates are valid,
 * within [min, max] and in order; a single day is allowed.
 */
export const DateRangePicker = ({
  value,
  min,
  max,
  onChange,
}: {
  value: DateRange;
  min: string | null;
  max: string;
  onChange: (range: DateRange) => void;
}) => {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen.startDate !== value.startDate || seen.endDate !== value.endDate) {
    setSeen(value);
    setDraft(value);
  }
  const outOfBounds = (d: string) => !isIsoDate(d) || (min !== null && d < min) || d > max;
  const startError = outOfBounds(draft.startDate);
  const endError = outOfBounds(draft.endDate) || (!startError && draft.endDate < draft.startDate);

  const outOfRange = min
    ? `Please choose a date from ${formatDay(min)} to ${formatDay(max)}`
    : `Please choose a date up to ${formatDay(max)}`;

  const update = (next: DateRange) => {
    setDraft(next);
    const valid = !outOfBounds(next.startDate) && !outOfBounds(next.endDate) && next.startDate <= next.endDate;
    if (valid) onChange(next);
  };

  return (
    <Box
      role="group"
      aria-label="Date range"
      sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
    >
      <DateField
        fullWidth={false}
        margin="none"
        size="small"
        label="From"
        value={draft.startDate}
        onChange={(startDate) => update({ ...draft, startDate })}
        error={startError}
        helperText={startError ? outOfRange : undefined}
        min={min ?? undefined}
        max={max}
      />
      <DateField
        fullWidth={false}
        margin="none"
        size="small"
        label="To"
        value={draft.endDate}
        onChange={(endDate) => update({ ...draft, endDate })}
        error={endError}
        helperText={
          endError
            ? isIsoDate(draft.endDate) && isIsoDate(draft.startDate) && draft.endDate < draft.startDate
              ? messages.dateRangeInvalid
              : outOfRange
            : undefined
        }
        min={isIsoDate(draft.startDate) ? draft.startDate : (min ?? undefined)}
        max={max}
      />
    </Box>
  );
};
