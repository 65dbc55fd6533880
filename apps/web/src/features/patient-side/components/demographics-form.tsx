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
} from "@mui/material";
import { isAdult, messages } from "@openpro/core";
import { type FormEvent, useId, useState } from "react";
import { useSaveDemographics } from "../api";

const sexes = [
  { value: "female", label: "Female" },
  { value: "male", label: "Male" },
  { value: "intersex", label: "Intersex" },
  { value: "prefer_not_to_say", label: "Prefer not to say" },
] as const;
type Sex = (typeof sexes)[number]["value"];

const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/** Sex and date of birth: at least 18 years old. */
export const DemographicsForm = ({ onSaved, today = localToday() }: { onSaved: () => void; today?: string }) => {
  const save = useSaveDemographics();
  const [sex, setSex] = useState<Sex | "">("");
  const [dob, setDob] = useState("");
  const [tried, setTried] = useState(false);
  const labelId = useId();
  const sexProblem = sex ? null : messages.sexRequired;
  const dobProblem = !/^\d{4}-\d{2}-\d{2}$/.test(dob)
    ? messages.dobRequired
    : !isAdult(dob, today)
      ? messages.tooYoung
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (sexProblem || dobProblem || !sex) return;
    save.mutate({ gender: sex, dob }, { onSuccess: onSaved });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="About you">
      <FormControl error={tried && sexProblem !== null} sx={{ display: "block", mb: 2 }} required>
        <FormLabel id={labelId}>Sex</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          name="sex"
          value={sex}
          onChange={(event) => setSex(event.target.value as Sex)}
        >
          {sexes.map((option) => (
            <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
          ))}
        </RadioGroup>
        {tried && sexProblem ? <FormHelperText sx={{ mx: 0 }}>{sexProblem}</FormHelperText> : null}
      </FormControl>
      <TextField
        type="date"
        label="Date of birth"
        required
        value={dob}
        onChange={(event) => setDob(event.target.value)}
        error={tried && dobProblem !== null}
        helperText={tried ? dobProblem : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      />
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {messages.somethingWentWrong}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} disabled={save.isPending}>
        Open the app
      </Button>
    </Box>
  );
};
