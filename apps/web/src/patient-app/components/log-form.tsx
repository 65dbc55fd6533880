import { Box, TextField } from "@mui/material";
import type { LogUpload, PatientProgram } from "@openpro/core";
import { type ReactNode, useRef, useState } from "react";
import { t } from "../../lib/patient-text";
import { useSubmitLog } from "../api";
import type { SubmitOutcome } from "../outbox";
import { LogOutcome } from "./log-outcome";

/**
 * Sends one log through the outbox and shows what became of it (focus moves to the outcome);
 * `onSent` clears the form unless the server refused the log.
 */
export const useLogForm = (program: PatientProgram) => {
  const submit = useSubmitLog();
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const send = (log: LogUpload, onSent: () => void) =>
    submit.mutate(
      { programId: program.programId, log },
      {
        onSuccess: (result) => {
          setOutcome(result);
          if (result.status !== "refused") onSent();
          requestAnimationFrame(() => outcomeRef.current?.focus());
        },
      },
    );
  const outcomeBox: ReactNode = (
    <Box ref={outcomeRef} tabIndex={-1} sx={{ outline: "none" }}>
      {outcome ? <LogOutcome outcome={outcome} program={program} /> : null}
    </Box>
  );
  return { send, outcomeBox, pending: submit.isPending };
};

/** The log's optional note (at most 1,000 characters), where the program takes notes of its kind. */
export const NoteField = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => (
  <TextField
    label={t("note")}
    helperText={t("noteHint")}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    multiline
    minRows={2}
    fullWidth
    slotProps={{ htmlInput: { maxLength: 1000 } }}
  />
);
