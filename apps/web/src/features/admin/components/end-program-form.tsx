import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Typography } from "@mui/material";
import { endProgramFormSchema, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../../components/form-text-field";
import { isSubmitDisabled } from "../../../lib/forms";
import { useEndProgram } from "../api";
import { adminErrorText } from "./admin-error";

type Values = z.input<typeof endProgramFormSchema>;

/** End Program: a program id; the program becomes Closed at once. */
export const EndProgramForm = () => {
  const end = useEndProgram();
  const form = useForm<Values, unknown, z.output<typeof endProgramFormSchema>>({
    resolver: zodResolver(endProgramFormSchema),
    defaultValues: { programId: "" },
  });

  const onSubmit = form.handleSubmit((values) =>
    end.mutateAsync(values.programId).then(
      () => {
        form.reset({ programId: "" });
        enqueueSnackbar(messages.projectEnded, { variant: "success" });
      },
      () => undefined,
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="end-program-heading">
      <Typography variant="h2" id="end-program-heading">
        End Program
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        The program is closed at once; its patients and team keep read-only access.
      </Typography>
      <FormTextField control={form.control} name="programId" label="Program id" required disabled={end.isPending} />
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
        disabled={isSubmitDisabled(form.formState, end.isPending)}
      >
        End program
      </Button>
    </Box>
  );
};
