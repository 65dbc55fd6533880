import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from "@mui/material";
import { type MedicationFrequency, medicationFrequencies, type PatientProgram } from "@openpro/core";
import { type FormEvent, useRef, useState } from "react";
import { t } from "../../lib/patient-text";
import { useAddMedication } from "../api";
import { localIsoWithOffset } from "../local-time";
import { touch } from "./me-layout";
import { optionSx } from "./symptom-log-form";

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
          {add.isError ? (
            <Alert severity="error" role="alert">
              {t("medicationAddFailed")}
            </Alert>
          ) : null}
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
          <FormControl error={!!problems.frequency} component="fieldset">
            <FormLabel id="me-medicine-schedule" component="legend" sx={{ mb: 1 }}>
              {t("medicationSchedule")}
            </FormLabel>
            <RadioGroup
              aria-labelledby="me-medicine-schedule"
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as MedicationFrequency)}
              sx={{ gap: 1 }}
            >
              {medicationFrequencies.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={t(`schedule_${value}`)}
                  sx={optionSx}
                />
              ))}
            </RadioGroup>
            {problems.frequency ? <FormHelperText>{problems.frequency}</FormHelperText> : null}
          </FormControl>
          <Button type="submit" variant="contained" size="large" sx={touch} disabled={add.isPending}>
            {add.isPending ? t("savingMedication") : t("saveMedication")}
          </Button>
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
