import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import {
  can,
  type Grants,
  type HardcodedQuestionnaireCode,
  hardcodedQuestionnaireCodes,
  hardcodedTypeNames,
  messages,
} from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { fieldMessages, useOutcomeMeasures, useSetOutcomeMeasures } from "../api";

/**
 * Outcome measures (General settings, programs created before 30 January 2025): the licensed
 * instruments the program uses. A type a schedule sends is active and cannot be unselected.
 */
export const OutcomeMeasures = ({ programId, actor }: { programId: string; actor: Grants }) => {
  const titleId = useId();
  const mayView = can(actor, "view_questionnaire_settings_outcomes_measures");
  const mayEdit = can(actor, "edit_questionnaire_settings_outcomes_measures");
  const measures = useOutcomeMeasures(programId, mayView);
  const save = useSetOutcomeMeasures(programId);
  const [selected, setSelected] = useState<HardcodedQuestionnaireCode[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  if (!mayView || !measures.data?.applies) return null;
  const current = selected ?? measures.data.availableQuestionnaireTypes;
  const changed =
    selected !== null && [...selected].sort().join() !== [...measures.data.availableQuestionnaireTypes].sort().join();
  const serverError = fieldMessages(save.error).availableQuestionnaireTypes;

  const toggle = (code: HardcodedQuestionnaireCode, checked: boolean) => {
    if (!checked && measures.data.activeTypes.includes(code)) {
      setRefused(messages.cannotUnselectActiveType(code));
      return;
    }
    setRefused(null);
    setSelected(checked ? [...current, code] : current.filter((c) => c !== code));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" sx={{ mb: 1 }}>
        Outcome measures
      </Typography>
      <FormGroup aria-describedby={`${titleId}-error`}>
        {hardcodedQuestionnaireCodes.map((code) => (
          <FormControlLabel
            key={code}
            control={
              <Checkbox
                checked={current.includes(code)}
                onChange={(e) => toggle(code, e.target.checked)}
                disabled={!mayEdit || save.isPending}
              />
            }
            label={`${hardcodedTypeNames[code]}${measures.data.activeTypes.includes(code) ? " (active)" : ""}`}
          />
        ))}
      </FormGroup>
      <FormHelperText id={`${titleId}-error`} error={!!(refused ?? serverError)} role={refused ? "alert" : undefined}>
        {refused ?? serverError ?? " "}
      </FormHelperText>
      {save.isError && !serverError ? <Alert severity="error">{messages.somethingWentWrong}</Alert> : null}
      {mayEdit ? (
        <Box sx={{ mt: 1 }}>
          <Button
            variant="contained"
            disabled={!changed || save.isPending}
            onClick={() =>
              save.mutate(current, {
                onSuccess: () => {
                  setSelected(null);
                  enqueueSnackbar(messages.outcomeMeasuresSaved, { variant: "success" });
                },
              })
            }
          >
            Save outcome measures
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
};
