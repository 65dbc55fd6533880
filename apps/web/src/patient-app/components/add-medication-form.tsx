import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type MedicationFrequency, medicationFrequencies, type PatientProgram } from "@openpro/core";
import { type FormEvent, useRef, useState } from "react";
import { t } from "../../lib/patient-text";
import { useAddMedication } from "../api";
import { localIsoWithOffset } from "../local-time";
import { ChoiceQuestion } from "./choice-question";
import { ProblemAlert, SubmitButton } from "./form-parts";
import { touch } from "./me-layout";

const NAME_MAX = 200;
const DOSAGE_MAX = 50;

/**
 * A medicine the patient takes, added to their list as the phone app adds one: its name, its dose
 * as the patient writes it, and how often they take it. It starts today; the care team sees it in
 * the patient's medicines.
 */
export const AddMedicationForm = ({ program }: { program: PatientProgram }) => {
  const add = useAddMedication(program.programId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [dosage, setDosage] = useState("");
  const [frequency, setFrequency] = useState<MedicationFrequency | "">("");
  const [problems, setProblems] = useState<{ name?: string; frequency?: string }>({});
  const [added, setAdded] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim()
        ? name.trim().length > NAME_MAX
          ? t("tooLong", { max: NAME_MAX })
          : undefined
        : t("medicationNameNeeded"),
      frequency: frequency ? undefined : t("medicationScheduleNeeded"),
    };
    setProblems(next);
    if (next.name || next.frequency || !frequency) return;
    const medicine = name.trim();
    add.mutate(
      {
        name: medicine,
        ...(dosage.trim() ? { dosage: dosage.trim() } : {}),
        frequency,
        startDate: localIsoWithOffset(new Date()).slice(0, 10),
      },
      {
        onSuccess: () => {
          setAdded(medicine);
          setOpen(false);
          setName("");
          setDosage("");
          setFrequency("");
          requestAnimationFrame(() => doneRef.current?.focus());
        },
      },
    );
  };

  return (
    <Box sx={{ mb: 3 }}>
      <Box ref={doneRef} tabIndex={-1} sx={{ outline: "none" }}>
        {added ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t("medicationAdded", { name: added })}
          </Alert>
        ) : null}
      </Box>
      {open ? (
        <Box
          component="form"
          noValidate
          onSubmit={save}
          sx={{ display: "grid", gap: 2 }}
          aria-labelledby="me-add-medicine"
        >
          <Typography variant="h2" id="me-add-medicine" sx={{ fontSize: "1.3rem" }}>
            {t("addMedicationTitle")}
          </Typography>
          <ProblemAlert problem={add.isError ? t("medicationAddFailed") : null} />
          <TextField
            label={t("medicationName")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!problems.name}
            helperText={problems.name}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
          <TextField
            label={t("medicationDosage")}
            helperText={t("medicationDosageHint")}
            value={dosage}
            onChange={(e) => setDosage(e.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: DOSAGE_MAX } }}
          />
          <ChoiceQuestion
            id="me-medicine-schedule"
            question={t("medicationSchedule")}
            legendSx={{ mb: 1 }}
            choices={medicationFrequencies.map((value) => ({ value, label: t(`schedule_${value}`) }))}
            value={frequency}
            onChange={(value) => setFrequency(value as MedicationFrequency)}
            problem={problems.frequency}
          />
          <SubmitButton pending={add.isPending} label={t("saveMedication")} busy={t("savingMedication")} />
          <Button variant="outlined" size="large" sx={touch} onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
        </Box>
      ) : (
        <Button
          variant="outlined"
          size="large"
          sx={touch}
          onClick={() => {
            setAdded(null);
            add.reset();
            setOpen(true);
          }}
        >
          {t("addMedication")}
        </Button>
      )}
    </Box>
  );
};
