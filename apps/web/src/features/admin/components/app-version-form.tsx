import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { appVersionBody, limits, messages } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useEffect } from "react";
import type { z } from "zod";
import { Form, FormSubmitButton, useSchemaForm } from "../../../components/form";
import { FormTextField } from "../../../components/form-text-field";
import { applyFieldErrors } from "../../../lib/forms";
import { useAppVersion, useUpdateAppVersion } from "../api";
import { adminErrorText } from "./admin-error";

/** Mobile app version requirements: latest, minimum required and release notes. */
export const AppVersionForm = () => {
  const current = useAppVersion();
  const update = useUpdateAppVersion();
  const form = useSchemaForm(appVersionBody, { latest: "", minimum: "", releaseNotes: "" });
  const { reset, formState } = form;
  useEffect(() => {
    if (current.data && !formState.isDirty) reset(current.data);
  }, [current.data, reset, formState.isDirty]);

  const onSubmit = (values: z.output<typeof appVersionBody>) =>
    update.mutateAsync(values).then(
      (saved) => {
        form.reset(saved);
        enqueueSnackbar(messages.appVersionUpdated, { variant: "success" });
      },
      (error: unknown) => {
        applyFieldErrors(error, form.setError, ["latest", "minimum", "releaseNotes"]);
      },
    );

  return (
    <Form form={form} onSubmit={onSubmit} aria-labelledby="app-version-heading">
      <Typography variant="h2" id="app-version-heading">
        Mobile app version
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
        Versions are numbers in dotted groups, e.g. 2.10.1.
      </Typography>
      <FormTextField control={form.control} name="latest" label="Latest version" required disabled={update.isPending} />
      <FormTextField
        control={form.control}
        name="minimum"
        label="Minimum required version"
        required
        disabled={update.isPending}
      />
      <FormTextField
        control={form.control}
        name="releaseNotes"
        label="Release notes"
        multiline
        minRows={2}
        helperText={`At most ${limits.text.releaseNotes} characters`}
        disabled={update.isPending}
      />
      {update.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {adminErrorText(update.error)}
        </Alert>
      ) : null}
      <FormSubmitButton pending={update.isPending} sx={{ mt: 2 }}>
        Save
      </FormSubmitButton>
    </Form>
  );
};
