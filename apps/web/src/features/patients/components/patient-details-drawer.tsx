import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import {
  can,
  formatHistoryDate,
  type Grants,
  patientStatusLabels,
  type Territory,
  verificationStatusLabels,
} from "@openpro/core";
import { useId, useState } from "react";
import type { ParticipantDetails } from "../api";
import { formatDob } from "./participant-list";
import { PatientDrawer, type PatientIdTypeChoice } from "./patient-drawer";

const Field = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Box component="div" sx={{ mb: 1.5 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }}>
      {value || "–"}
    </Typography>
  </Box>
);

const dateOf = (iso: string | null | undefined) => (iso ? formatHistoryDate(iso) : null);

/** The right-hand Patient details drawer: read-only fields, then Edit (edit_project_user). */
export const PatientDetailsDrawer = ({
  programId,
  patient,
  actor,
  idTypes,
  territory,
  open,
  onClose,
}: {
  programId: string;
  patient: ParticipantDetails;
  actor: Grants;
  idTypes: readonly PatientIdTypeChoice[];
  territory?: Territory | undefined;
  open: boolean;
  onClose: () => void;
}) => {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const idTypeName = idTypes.find((t) => t.id === patient.patientIdType)?.name ?? patient.patientIdType;
  const history = [...patient.verificationStatusHistory].sort((a, b) => b.dateUpdated.localeCompare(a.dateUpdated));
  return (
    <>
      <Drawer
        anchor="right"
        open={open && !editing}
        onClose={onClose}
        slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId } }}
      >
        <Box sx={{ width: { xs: "100vw", sm: 420 }, p: 3 }}>
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
            <Typography variant="h2" id={titleId}>
              Patient details
            </Typography>
            <IconButton aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Typography sx={{ fontWeight: 600, my: 1 }}>
            {patient.firstName} {patient.lastName}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <Field label="Date of birth" value={formatDob(patient.dob)} />
            <Field label="Gender" value={patient.gender} />
            <Field label="Patient id type" value={idTypeName} />
            <Field label="Patient id" value={patient.patientId} />
            <Field label="Postcode" value={patient.postcode} />
            <Field label="Invite e-mail" value={patient.email} />
            <Field label="Consented e-mail" value={patient.consentedEmail} />
            <Field
              label="Cancer types"
              value={(patient.cancerTypes ?? [])
                .map((c) =>
                  [
                    c.cancerType,
                    c.cancerStage ? `stage ${c.cancerStage}` : null,
                    c.diagnosisDate ? `diagnosed ${formatDob(c.diagnosisDate)}` : null,
                  ]
                    .filter(Boolean)
                    .join(", "),
                )
                .join("; ")}
            />
            <Field label="Status" value={patientStatusLabels[patient.status]} />
            <Field label="Consent given" value={dateOf(patient.dateConsentGiven)} />
            <Field label="Consent withdrawn" value={dateOf(patient.dateConsentRevoked)} />
          </Box>
          <Divider sx={{ my: 1 }} />
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            Verification history
          </Typography>
          {history.length === 0 ? (
            <Typography color="text.secondary">None</Typography>
          ) : (
            <Box component="ul" sx={{ pl: 2, mt: 0 }}>
              {history.map((h) => (
                <li key={`${h.verificationStatus}-${h.dateUpdated}`}>
                  {verificationStatusLabels[h.verificationStatus]} – {formatHistoryDate(h.dateUpdated)}
                </li>
              ))}
            </Box>
          )}
          {can(actor, "edit_project_user") ? (
            <Button variant="contained" sx={{ mt: 2 }} onClick={() => setEditing(true)}>
              Edit patient
            </Button>
          ) : null}
        </Box>
      </Drawer>
      <PatientDrawer
        programId={programId}
        patient={editing ? patient : null}
        idTypes={idTypes}
        territory={territory}
        open={editing}
        onClose={() => setEditing(false)}
      />
    </>
  );
};
