import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Typography,
} from "@mui/material";
import { type PatientMedication, type PatientProgram, skipReasons } from "@openpro/core";
import { type FormEvent, useRef, useState } from "react";
import type { ApiError } from "../../lib/http";
import { formatDateTime, t } from "../../lib/patient-text";
import { useLogDose, useMyMedications, usePendingCount } from "../api";
import { localIsoWithOffset } from "../local-time";
import { skipReasonLabel } from "./history-list";
import { touch } from "./me-layout";
import { optionSx } from "./symptom-log-form";

type SkipReason = (typeof skipReasons)[number];

const MedicationCard = ({ medication, programId }: { medication: PatientMedication; programId: string }) => {
  const logDose = useLogDose(programId);
  const [skipping, setSkipping] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  /** A dose saved offline: kept on the phone until the network comes back. */
  const [queued, setQueued] = useState(false);
  const [refused, setRefused] = useState<ApiError | null>(null);
  const pending = usePendingCount();
  const reasonLabel = `me-skip-${medication.medicationId}`;
  const nameId = `me-medication-${medication.medicationId}`;
  const dosage = [medication.dosage, medication.dosageUnit].filter(Boolean).join(" ");

  /** The dose being sent: a second tap before the answer is the same dose, not another. */
  const sending = useRef<string | null>(null);
  const send = (status: "LOGGED" | "SKIPPED", skipReason?: SkipReason) => {
    if (sending.current) return;
    const clientId = crypto.randomUUID();
    sending.current = clientId;
    setDone(null);
    setQueued(false);
    setRefused(null);
    logDose.mutate(
      {
        clientId,
        medicationClientId: medication.clientId,
        status,
        date: localIsoWithOffset(new Date()),
        ...(skipReason ? { skipReason } : {}),
      },
      {
        onSettled: () => {
          sending.current = null;
        },
        onSuccess: (outcome) => {
          if (outcome.status === "refused") {
            setRefused(outcome.error);
            return;
          }
          setSkipping(false);
          setReason("");
          if (outcome.status === "queued") setQueued(true);
          else
            setDone(
              status === "LOGGED"
                ? t("doseTaken", { name: medication.name })
                : t("doseSkipped", { name: medication.name }),
            );
        },
      },
    );
  };
  const submitSkip = (event: FormEvent) => {
    event.preventDefault();
    setProblem(reason ? undefined : t("skipReasonNeeded"));
    if (reason) send("SKIPPED", reason as SkipReason);
  };
  const failure = refused?.fieldErrors[0]?.message ?? (refused ? refused.message : t("sendFailed"));

  return (
    <Paper variant="outlined" component="section" aria-labelledby={nameId} sx={{ p: 2, display: "grid", gap: 1.5 }}>
      <Typography id={nameId} variant="h2" sx={{ fontSize: "1.3rem" }}>
        {medication.name}
      </Typography>
      {dosage ? <Typography>{t("medicationDose", { dosage })}</Typography> : null}
      {medication.lastDose ? (
        <Typography color="text.secondary">
          {medication.lastDose.status === "SKIPPED"
            ? t("lastDoseSkipped", { when: formatDateTime(medication.lastDose.date) })
            : t("lastDoseTaken", { when: formatDateTime(medication.lastDose.date) })}
        </Typography>
      ) : null}
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {queued ? (
        pending === 0 ? (
          <Alert severity="success" role="status">
            {t("sentLater")}
          </Alert>
        ) : (
          <Alert severity="info" role="status">
            {t("savedOffline")}
          </Alert>
        )
      ) : null}
      {logDose.isError || refused ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {skipping ? (
        <Box component="form" noValidate onSubmit={submitSkip} sx={{ display: "grid", gap: 2 }}>
          <FormControl component="fieldset" error={!!problem}>
            <FormLabel id={reasonLabel} component="legend" sx={{ fontSize: "1.1rem", mb: 1 }}>
              {t("skipReasonQuestion", { name: medication.name })}
            </FormLabel>
            <RadioGroup
              aria-labelledby={reasonLabel}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              sx={{ gap: 1 }}
            >
              {skipReasons.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={skipReasonLabel(value)}
                  sx={optionSx}
                />
              ))}
            </RadioGroup>
            {problem ? <FormHelperText>{problem}</FormHelperText> : null}
          </FormControl>
          <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}>
            <Button variant="outlined" sx={touch} onClick={() => setSkipping(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="contained" sx={touch} disabled={logDose.isPending}>
              {logDose.isPending ? t("sending") : t("saveSkip")}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}>
          <Button
            variant="contained"
            sx={touch}
            aria-describedby={nameId}
            disabled={logDose.isPending}
            onClick={() => send("LOGGED")}
          >
            {t("tookDose")}
          </Button>
          <Button
            variant="outlined"
            sx={touch}
            aria-describedby={nameId}
            onClick={() => {
              setDone(null);
              setSkipping(true);
            }}
          >
            {t("skippedDose")}
          </Button>
        </Box>
      )}
    </Paper>
  );
};

/** The patient's medicines, each with "I took it" and "I skipped it" (with a reason). */
export const MedicationList = ({ program }: { program: PatientProgram }) => {
  const medications = useMyMedications(program.programId);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography>{t("medicationsIntro")}</Typography>
      {medications.isPending ? <Typography>{t("loading")}</Typography> : null}
      {medications.isError ? <Alert severity="error">{t("medicationsFailed")}</Alert> : null}
      {medications.data?.length === 0 ? <Alert severity="info">{t("noMedicationsYet")}</Alert> : null}
      {medications.data?.map((medication) => (
        <MedicationCard key={medication.medicationId} medication={medication} programId={program.programId} />
      ))}
    </Box>
  );
};
