import { Alert, Box, Button, Typography } from "@mui/material";
import { messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field";
import { isSaveDisabled } from "../../../lib/forms";
import { useEndProgram, useOpenPrograms } from "../api";
import { adminErrorText } from "./admin-error";

interface Values {
  programName: string;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * End Program: the admin types the program's name (as the program list shows it), not its raw id
 * that no screen shows; the program becomes Closed at once.
 */
export const EndProgramForm = () => {
  const end = useEndProgram();
  const programs = useOpenPrograms();
  const form = useForm<Values>({ defaultValues: { programName: "" } });

  const onSubmit = form.handleSubmit(async ({ programName }) => {
    if (!programName.trim()) {
      form.setError("programName", { message: messages.endProgramNameRequired }, { shouldFocus: true });
      return;
    }
    const program = programs.data?.find((p) => sameName(p.name, programName));
    if (!program) {
      form.setError("programName", { message: messages.endProgramNameUnknown }, { shouldFocus: true });
      return;
    }
    await end.mutateAsync(program.programId).then(
      () => {
        form.reset({ programName: "" });
        void programs.refetch();
        enqueueSnackbar(messages.projectEnded, { variant: "success" });
      },
      () => undefined,
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="end-program-heading">
      <Typography variant="h2" id="end-program-heading">
        End program
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        The program is closed at once; its patients and team keep read-only access. Type its name to confirm.
      </Typography>
      <FormTextField
        control={form.control}
        name="programName"
        label="Program name"
        required
        autoComplete="off"
        disabled={end.isPending}
      />
      {end.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {adminErrorText(end.error)}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        color="error"
        sx={{ mt: 2 }}
        disabled={isSaveDisabled(form.formState, end.isPending) || programs.isPending}
      >
        End program
      </Button>
    </Box>
  );
};
