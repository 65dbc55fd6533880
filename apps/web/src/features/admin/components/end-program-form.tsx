import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { endProgramFormSchema as endProgramSchema, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import type { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { useEndProgram, useOpenPrograms } from "../api";
import { adminErrorText } from "./admin-error";

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * End Program: the admin types the program's name (as the program list shows it), not its raw id that no screen
 * shows; the program becomes Closed at once. The staff form idiom (decision 031): End program waits for a change; at
 * the press a blank name, or one no open program has, is a message on the field (never while typing), and End
 * program stays off until the name is changed.
 */
export const EndProgramForm = () => {
  const end = useEndProgram();
  const programs = useOpenPrograms();
  const form = useSchemaForm(endProgramSchema, { programName: "" });

  const onSubmit = async ({ programName }: z.output<typeof endProgramSchema>) => {
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
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-labelledby="end-program-heading">
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
      <FormSubmitButton color="error" pending={end.isPending || programs.isPending} sx={{ mt: 2 }}>
        End program
      </FormSubmitButton>
    </Form>
  );
};
