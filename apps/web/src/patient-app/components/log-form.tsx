import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import type { LogUpload, PatientProgram } from "@openpro/core";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { t } from "../../lib/patient-text";
import { useSubmitLog } from "../api";
import { localIsoWithOffset } from "../local-time";
import type { SubmitOutcome } from "../outbox";
import { LogOutcome } from "./log-outcome";

/** A log as a form fills it in (each kind of log): `send` gives it its client id and the time now, where the patient is. */
type Unstamped<Log> = Log extends unknown ? Omit<Log, "clientId" | "date"> : never;

/**
 * Sends one log through the outbox and shows what became of it (focus moves to the outcome);
 * `onSent` clears the form unless the server refused the log.
 */
export const useLogForm = (program: PatientProgram) => {
  const submit = useSubmitLog();
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const send = (log: Unstamped<LogUpload>, onSent: () => void) =>
    submit.mutate(
      {
        programId: program.programId,
        log: { clientId: crypto.randomUUID(), date: localIsoWithOffset(new Date()), ...log } as LogUpload,
      },
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

/** A log form's fields, one under the other; nothing is sent unchecked (`onSubmit` checks first). */
export const LogFormFields = ({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) => (
  <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 3 }}>
    {children}
  </Box>
);
