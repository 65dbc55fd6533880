import { type ContactOutcome, contactOutcomeLabels, contactOutcomes, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { OutcomeNoteDialog } from "../../../components/outcome-note-dialog";
import type { NamedPatientOfProgram } from "../../../components/patient-props";
import { useRecordContact, worklistErrorText } from "../api";

/** Records the team's contact with a patient: how it went and a note. */
export const ContactDialog = ({
  programId,
  userId,
  patientName,
  onClose,
}: NamedPatientOfProgram & { onClose: () => void }) => {
  const record = useRecordContact();
  const [outcome, setOutcome] = useState<ContactOutcome | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!outcome) {
      setError(messages.worklistContactOutcomeRequired);
      return;
    }
    setError(undefined);
    record.mutate(
      { programId, userId, outcome, note: note.trim() || undefined },
      {
        onSuccess: () => {
          enqueueSnackbar(messages.worklistContactRecorded, { variant: "success" });
          onClose();
        },
        onError: (e) => enqueueSnackbar(worklistErrorText(e), { variant: "error" }),
      },
    );
  };
  return (
    <OutcomeNoteDialog
      title={`Record a contact with ${patientName}`}
      legend="How did it go?"
      outcomes={contactOutcomes}
      outcomeLabels={contactOutcomeLabels}
      outcome={outcome}
      onOutcome={setOutcome}
      outcomeError={error}
      note={note}
      onNote={setNote}
      submitLabel="Record contact"
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
};
