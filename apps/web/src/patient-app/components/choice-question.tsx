import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { touch } from "./me-layout";

/** A radio row as tall as a thumb, the whole row tappable. */
export const optionSx = { ...touch, m: 0, px: 1, border: 1, borderColor: "divider", borderRadius: 1 } as const;

/**
 * One question answered by one choice, as the patient app asks it: a fieldset whose legend (the
 * question) names the radio group, a thumb-sized row per choice, and the problem under the choices.
 * `children` stand between the question and the choices (a search field that narrows them).
 */
export const ChoiceQuestion = ({
  id,
  question,
  choices,
  value,
  onChange,
  problem,
  legendSx = { fontSize: "1.2rem", mb: 1 },
  groupSx = { gap: 1 },
  children,
}: {
  /** The legend's id, which labels the radio group. */
  id: string;
  question: ReactNode;
  choices: readonly { value: string; label: ReactNode }[];
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  legendSx?: SxProps<Theme>;
  groupSx?: SxProps<Theme>;
  children?: ReactNode;
}) => (
  <FormControl error={!!problem} component="fieldset">
    <FormLabel id={id} component="legend" sx={legendSx}>
      {question}
    </FormLabel>
    {children}
    <RadioGroup aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value)} sx={groupSx}>
      {choices.map((choice) => (
        <FormControlLabel
          key={choice.value}
          value={choice.value}
          control={<Radio />}
          label={choice.label}
          sx={optionSx}
        />
      ))}
    </RadioGroup>
    {problem ? <FormHelperText>{problem}</FormHelperText> : null}
  </FormControl>
);
