import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { contactOutcomeLabels } from "@openpro/core";
import { useId, useState } from "react";
import type { NamedPatientOfProgram } from "../../../components/patient-props";
import { formatDateTime } from "../../../lib/format";
import { usePatientContacts, worklistErrorText } from "../api";
import { ContactDialog } from "./contact-dialog";

/** The patient dashboard's card: the team's contacts with the patient, newest first; record one. */
export const PatientContactsCard = ({ programId, userId, patientName }: NamedPatientOfProgram) => {
  const headingId = useId();
  const contacts = usePatientContacts(programId, userId);
  const [recording, setRecording] = useState(false);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, height: "100%" }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 1 }}>
        <Typography variant="h3" component="h3" id={headingId}>
          Contacts with the care team
        </Typography>
        <Button size="small" variant="outlined" onClick={() => setRecording(true)}>
          Record contact
        </Button>
      </Box>
      {contacts.isError ? (
        <Typography color="error">{worklistErrorText(contacts.error)}</Typography>
      ) : !contacts.data ? null : contacts.data.results.length === 0 ? (
        <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
          No contact recorded yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Contacts" sx={{ pl: 2, m: 0 }}>
          {contacts.data.results.map((c) => (
            <li key={c.contactId}>
              <strong>{contactOutcomeLabels[c.outcome]}</strong>
              {` · ${formatDateTime(c.contactedAt)}${c.contactedBy ? ` · ${c.contactedBy.name}` : ""}`}
              {c.note ? (
                <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
                  {c.note}
                </Box>
              ) : null}
            </li>
          ))}
        </Box>
      )}
      {recording ? (
        <ContactDialog
          programId={programId}
          userId={userId}
          patientName={patientName}
          onClose={() => setRecording(false)}
        />
      ) : null}
    </Paper>
  );
};
