import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import {
  type AlertMessageAnswer,
  type CareTeamContact,
  type EmergencyNumber,
  emergencyNumbers,
  type PatientLanguage,
  type PatientProgram,
} from "@openpro/core";
import { otherLanguageMark, t } from "../../lib/patient-text";
import { usePendingCount } from "../api";
import type { SubmitOutcome } from "../outbox";
import { PhoneLink } from "./care-team-contacts";

/**
 * What became of the log just saved. An alert message of the program comes first, big and red, with
 * the care team's number to call: the patient must act on it now.
 */
export const LogOutcome = ({ outcome, program }: { outcome: SubmitOutcome; program: PatientProgram }) => {
  // A log kept offline is sent in the background; once nothing waits, say so.
  const pending = usePendingCount();
  if (outcome.status === "refused") {
    const details = outcome.error.fieldErrors.map((e) => e.message);
    return (
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        <AlertTitle>{t("sendFailed")}</AlertTitle>
        {(details.length > 0 ? details : [outcome.error.message]).map((message) => (
          <Typography key={message}>{message}</Typography>
        ))}
      </Alert>
    );
  }
  if (outcome.status === "queued") {
    if (pending === 0) {
      return (
        <Alert severity="success" role="status" sx={{ mb: 3, fontSize: "1.1rem" }}>
          {t("sentLater")}
        </Alert>
      );
    }
    return (
      <Alert severity="info" role="status" sx={{ mb: 3 }}>
        {t("savedOffline")}
      </Alert>
    );
  }
  return (
    <Box sx={{ mb: 3, display: "grid", gap: 2 }}>
      {outcome.alertMessages.length > 0 ? (
        <AlertMessages
          messages={outcome.alertMessages.map(alertTextOf)}
          careTeam={program.careTeam}
          emergency={emergencyOf(outcome.alertMessages, program)}
        />
      ) : null}
      <Alert severity="success" role="status" sx={{ fontSize: "1.1rem" }}>
        {t("sent")}
      </Alert>
    </Box>
  );
};

/**
 * The territory's emergency numbers the server gave with the messages; from a server that gave none,
 * the program territory's (core's table).
 */
export const emergencyOf = (answers: AlertMessageAnswer[], program: PatientProgram): EmergencyNumber[] => {
  const given = answers.flatMap((a) => a.emergencyNumbers);
  const numbers = given.length > 0 ? given : [...emergencyNumbers[program.territory]];
  return numbers.filter((n, i) => numbers.findIndex((m) => m.number === n.number) === i);
};

/** An alert message as shown: its text and the language it is in (issue 31 §3; absent from an older server). */
export interface AlertText {
  text: string;
  language?: PatientLanguage | undefined;
}

export const alertTextOf = (answer: AlertMessageAnswer): AlertText => ({
  text: answer.message,
  language: answer.messageLanguage,
});

/**
 * The program's alert messages, shown at once and announced (role="alert"), with a call button per
 * care team, then one per emergency number of the territory (issue 30 §1). A message the program gave
 * in no language of the patient's is shown in its own, marked "(auf Englisch)" (issue 31 §3).
 */
export const AlertMessages = ({
  messages,
  careTeam,
  emergency = [],
}: {
  messages: AlertText[];
  careTeam: CareTeamContact[];
  emergency?: EmergencyNumber[];
}) => {
  const phones = careTeam.flatMap((contact) => {
    const phone = contact.contactPhones.find((p) => p.trim() !== "");
    return phone ? [{ id: contact.id, label: t("callCareTeam", { name: contact.careTeamName, phone }), phone }] : [];
  });
  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      sx={{ fontSize: "1.2rem", "& .MuiAlert-message": { width: "100%", display: "grid", gap: 1.5 } }}
    >
      <AlertTitle sx={{ fontSize: "1.35rem", fontWeight: 700 }}>{t("alertTitle")}</AlertTitle>
      {messages
        .filter((m, i) => messages.findIndex((other) => other.text === m.text) === i)
        .map((message) => (
          <Typography key={message.text} lang={message.language} sx={{ fontSize: "1.2rem" }}>
            {message.text}
            {otherLanguageMark(message.language) ? <> {otherLanguageMark(message.language)}</> : null}
          </Typography>
        ))}
      {phones.length === 0 ? <Typography sx={{ fontWeight: 700 }}>{t("alertNoPhone")}</Typography> : null}
      {phones.map((p) => (
        <PhoneLink key={p.id} phone={p.phone} label={p.label} onColour />
      ))}
      {emergency.map((e) => (
        <PhoneLink
          key={e.number}
          phone={e.number}
          label={t(e.service === "ambulance" ? "callAmbulance" : "callEmergency", { number: e.number })}
          onColour
        />
      ))}
    </Alert>
  );
};
