import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { messages, retentionBody } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { Loading } from "../../../components/loading";
import { formatDay } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { useRetention, useSaveRetention } from "../api";

/**
 * How many years the program's patient data is kept after the program ends (docs/exports.md
 * "Retention and erasure"): it decides from which day a patient's request for erasure is carried
 * out. Shown to those who may erase; the program's protocol and the records policy set it.
 */
export const DataRetentionCard = ({ programId }: { programId: string }) => {
  const headingId = useId();
  const retention = useRetention(programId, true);
  const save = useSaveRetention(programId);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (retention.isPending) return <Loading label="Loading data retention" />;
  if (retention.isError) return null;
  const shown = value ?? String(retention.data.retentionYears);
  const { keptUntil, programEnded } = retention.data;
  const onSave = () => {
    const parsed = retentionBody.safeParse({ retentionYears: shown === "" ? undefined : Number(shown) });
    if (!parsed.success) return setError(messages.retentionYearsInvalid);
    setError(undefined);
    save.mutate(parsed.data.retentionYears, {
      onSuccess: () => {
        setValue(null);
        enqueueSnackbar(messages.retentionSaved, { variant: "success" });
      },
      onError: (e) => {
        const onField = e instanceof ApiError ? e.fieldErrors?.find((f) => f.field === "retentionYears") : undefined;
        if (onField) setError(onField.message);
        else enqueueSnackbar(messages.somethingWentWrong, { variant: "error" });
      },
    });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        Data retention
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        How long the program's patient data is kept after the program ends. Until then a patient's request for erasure
        is answered by withdrawal of consent.
      </Typography>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          label="Kept after the program ends (years)"
          value={shown}
          disabled={save.isPending}
          onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, ""))}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 3 } }}
        />
        <Button variant="contained" onClick={onSave} disabled={value === null || save.isPending} sx={{ mt: 1 }}>
          Save
        </Button>
      </Box>
      <Typography sx={{ mt: 2 }} data-testid="retention-kept-until">
        {keptUntil && programEnded
          ? `The program ended on ${formatDay(programEnded)}: its patient data is kept until ${formatDay(keptUntil)}.`
          : "The program is running: the period starts when it ends."}
      </Typography>
    </Paper>
  );
};
