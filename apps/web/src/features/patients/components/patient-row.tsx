import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  can,
  canResendInvite,
  canVerify,
  type EnrolledPatient,
  formatNhsNumber,
  type Grants,
  patientIdTypes,
} from "@openpro/core";
import { Fragment } from "react";
import { RowActionsMenu } from "../../../components/row-actions-menu";
import type { Program } from "../../../lib/wire";
import { StatusHistory } from "./status-history";

/**
 * An e-mail address that wraps, when it must, after its "@" and its dots only: breaking anywhere
 * cut "margaret.aldous@exam|ple.org" mid-word in the narrow column.
 */
export const EmailText = ({ email }: { email: string }) => (
  <>
    {email.split(/(?<=[@.])/).map((part, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
      <Fragment key={index}>
        {index > 0 ? <wbr /> : null}
        {part}
      </Fragment>
    ))}
  </>
);

export type PatientAction = "edit" | "delete" | "retract" | "verify" | "resend";

/** One enrolment row: name, patient id, e-mail, status (with history), re-send, verify and the actions menu. */
export const PatientRow = ({
  patient,
  program,
  actor,
  timeZone,
  resending,
  onAction,
  selected,
  onSelectedChange,
}: {
  patient: EnrolledPatient;
  program: Program;
  actor: Grants;
  timeZone: string;
  resending: boolean;
  onAction: (action: PatientAction, patient: EnrolledPatient) => void;
  /** Selection for re-sending invites together; only rows that may be re-sent get a box. */
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}) => {
  const name = `${patient.firstName} ${patient.lastName}`.trim() || patient.email;
  const menu: { action: PatientAction; label: string }[] = [
    ...(can(actor, "edit_project_user") ? [{ action: "edit" as const, label: "Edit patient" }] : []),
    ...(can(actor, "delete_project_user") ? [{ action: "delete" as const, label: "Delete patient profile" }] : []),
    ...(patient.consentGiven && can(actor, "withdraw_consent_project_users")
      ? [{ action: "retract" as const, label: "Retract consent" }]
      : []),
  ];

  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 2,
        display: "grid",
        gap: 1,
        alignItems: "center",
        gridTemplateColumns: { xs: "1fr", md: "minmax(160px, 1fr) minmax(180px, 1.2fr) minmax(200px, 1.5fr) auto" },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
        {onSelectedChange && canResendInvite(patient, program, can(actor, "invite_project_users")) ? (
          <Checkbox
            size="small"
            checked={selected ?? false}
            onChange={(event) => onSelectedChange(event.target.checked)}
            slotProps={{ input: { "aria-label": `Select ${name} to re-send the invite` } }}
          />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: "1rem", m: 0, overflowWrap: "break-word" }}>
            {name}
          </Typography>
          {patient.patientId ? (
            <Typography variant="body2" color="text.secondary">
              {`${patientIdTypes.find((t) => t.id === patient.patientIdType)?.name ?? "Patient id"}: ${
                patient.patientIdType === "nhs_number" ? formatNhsNumber(patient.patientId) : patient.patientId
              }`}
            </Typography>
          ) : null}
        </Box>
      </Box>
      <Typography sx={{ overflowWrap: "break-word", minWidth: 0 }} color="text.secondary">
        <EmailText email={patient.email} />
      </Typography>
      <StatusHistory
        patient={patient}
        isPrivate={program.isPrivate}
        timeZone={timeZone}
        showHistory={can(actor, "withdraw_consent_project_users")}
      />
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", justifyContent: { md: "flex-end" }, flexWrap: "wrap" }}>
        {canVerify(patient, program) ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onAction("verify", patient)}
            aria-label={`Verify ${name}`}
          >
            Verify
          </Button>
        ) : null}
        {canResendInvite(patient, program, can(actor, "invite_project_users")) ? (
          <Button
            size="small"
            onClick={() => onAction("resend", patient)}
            disabled={resending}
            aria-label={`Re-send invite to ${name}`}
          >
            Re-send invite
          </Button>
        ) : null}
        {menu.length > 0 ? (
          <RowActionsMenu
            name={name}
            items={menu.map((item) => ({ label: item.label, onClick: () => onAction(item.action, patient) }))}
          />
        ) : null}
      </Box>
    </Paper>
  );
};
