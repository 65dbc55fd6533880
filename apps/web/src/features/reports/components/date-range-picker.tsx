import { Box, TextField } from "@mui/material";
import { messages } from "@openpro/core";
import { useState } from "react";
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
  const outOfBounds = (d: string) => !d || (min !== null && d < min) || d > max;
  const startError = outOfBounds(draft.startDate);
  const endError = outOfBounds(draft.endDate) || (!startError && draft.endDate < draft.startDate);

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
      <TextField
        fullWidth={false}
        margin="none"
        type="date"
        size="small"
        label="From"
        value={draft.startDate}
        onChange={(event) => update({ ...draft, startDate: event.target.value })}
        error={startError}
        helperText={startError ? messages.dateInvalid : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: min ?? undefined, max } }}
      />
      <TextField
        fullWidth={false}
        margin="none"
        type="date"
        size="small"
        label="To"
        value={draft.endDate}
        onChange={(event) => update({ ...draft, endDate: event.target.value })}
        error={endError}
        helperText={
          endError
            ? draft.endDate && draft.endDate < draft.startDate
              ? messages.dateRangeInvalid
              : messages.dateInvalid
            : undefined
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.startDate || min || undefined, max } }}
      />
    </Box>
  );
};
