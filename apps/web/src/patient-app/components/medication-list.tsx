import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type PatientMedication, type PatientProgram, skipReasons } from "@openpro/core";
import { type FormEvent, useRef, useState } from "react";
import { ApiError } from "../../lib/http";
import { formatDateTime, t } from "../../lib/patient-text";
import { useLogDose, useMyMedications, usePendingCount, useUndoDose } from "../api";
import { localIsoWithOffset } from "../local-time";
import { ChoiceQuestion } from "./choice-question";
import { ProblemAlert } from "./form-parts";
import { skipReasonLabel } from "./history-list";
import { touch } from "./me-layout";

type SkipReason = (typeof skipReasons)[number];

const pad = (n: number) => String(n).padStart(2, "0");
/** The time now as a time field writes it (HH:MM). */
const timeNow = () => {
  const now = new Date();
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
};
/** Today at the time the patient chose (HH:MM), where the patient is; null when it is not a time. */
const todayAt = (time: string): Date | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const at = new Date();
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return at;
};

const MedicationCard = ({ medication, programId }: { medication: PatientMedication; programId: string }) => {
  const logDose = useLogDose(programId);
  const undoDose = useUndoDose(programId);
  /** When the dose was taken: now unless the patient says earlier today (issue 30 §4.3). */
  const [takenAt, setTakenAt] = useState(timeNow);
  const [timeProblem, setTimeProblem] = useState<string | undefined>();
  /** The dose just recorded as taken, which "Undo" takes back. */
  const [undoable, setUndoable] = useState<string | null>(null);
  const [undoProblem, setUndoProblem] = useState<string | null>(null);
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
    // A dose taken earlier today is recorded at the time the patient chose; never later than now.
    const at = status === "LOGGED" ? todayAt(takenAt) : new Date();
    if (!at || at.getTime() > Date.now()) {
      setTimeProblem(t(at ? "doseTimeFuture" : "doseTimeNeeded"));
      return;
    }
    setTimeProblem(undefined);
    const clientId = crypto.randomUUID();
    sending.current = clientId;
    setDone(null);
    setQueued(false);
    setRefused(null);
    setUndoable(null);
    setUndoProblem(null);
    logDose.mutate(
      {
        clientId,
        medicationClientId: medication.clientId,
        status,
        date: localIsoWithOffset(at),
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
          else {
            setDone(
              status === "LOGGED"
                ? t("doseTaken", { name: medication.name })
                : t("doseSkipped", { name: medication.name }),
            );
            if (status === "LOGGED") setUndoable(clientId);
          }
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
  const undo = () => {
    if (!undoable || undoDose.isPending) return;
    setUndoProblem(null);
    undoDose.mutate(undoable, {
      onSuccess: () => {
        setUndoable(null);
        setDone(t("doseUndone", { name: medication.name }));
        setTakenAt(timeNow());
      },
      onError: (error) =>
        setUndoProblem(t(error instanceof ApiError && error.status === 409 ? "doseUndoTooLate" : "sendFailed")),
    });
  };

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
        <Alert
          severity="success"
          role="status"
          action={
            undoable ? (
              <Button
                color="inherit"
                sx={touch}
                disabled={undoDose.isPending}
                aria-label={t("undoDoseOf", { name: medication.name })}
                onClick={undo}
              >
                {t("undoDose")}
              </Button>
            ) : null
          }
        >
          {done}
        </Alert>
      ) : null}
      <ProblemAlert problem={undoProblem} />
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
      <ProblemAlert problem={logDose.isError || refused ? failure : null} />
      {skipping ? (
        <Box component="form" noValidate onSubmit={submitSkip} sx={{ display: "grid", gap: 2 }}>
          <ChoiceQuestion
            id={reasonLabel}
            question={t("skipReasonQuestion", { name: medication.name })}
            legendSx={{ fontSize: "1.1rem", mb: 1 }}
            choices={skipReasons.map((value) => ({ value, label: skipReasonLabel(value) }))}
            value={reason}
            onChange={setReason}
            problem={problem}
          />
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
          <TextField
            type="time"
            label={t("doseTimeTaken")}
            value={takenAt}
            onChange={(e) => setTakenAt(e.target.value)}
            error={!!timeProblem}
            helperText={timeProblem}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ gridColumn: "1 / -1" }}
          />
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
