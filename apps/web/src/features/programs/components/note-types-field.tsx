import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { type NoteType, noteTypes } from "@openpro/core";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

const noteTypeLabels: Record<NoteType, string> = {
  activity: "Activity",
  appointments: "Appointments",
  medications: "Medications",
  symptoms: "Symptoms",
  temperature: "Temperature",
};

/**
 * "Disable free-text notes for": a multi-select of note types with Select all / Deselect all
 * on the create form and in the program settings.
 */
export const NoteTypesField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  disabled,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  disabled: boolean;
}) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <Box sx={{ mt: 2 }}>
        <TextField
          select
          label="Disable free-text notes for"
          name={field.name}
          value={field.value}
          onChange={(event) => {
            const value = event.target.value as unknown;
            field.onChange(typeof value === "string" ? value.split(",") : value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          fullWidth
          margin="none"
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as string[]).map((v) => noteTypeLabels[v as NoteType] ?? v).join(", "),
            },
          }}
        >
          {noteTypes.map((type) => (
            <MenuItem key={type} value={type}>
              <Checkbox
                checked={(field.value as string[]).includes(type)}
                slotProps={{ input: { "aria-hidden": true } }}
              />
              <ListItemText primary={noteTypeLabels[type]} />
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: "flex", gap: 1, mt: 0.5 }}>
          <Button size="small" onClick={() => field.onChange([...noteTypes])} disabled={disabled}>
            Select all
          </Button>
          <Button size="small" onClick={() => field.onChange([])} disabled={disabled}>
            Deselect all
          </Button>
        </Box>
      </Box>
    )}
  />
);
