import { Button, type ButtonProps } from "@mui/material";
import type { FieldValues, FormState } from "react-hook-form";
import { isSubmitDisabled } from "../../../lib/forms";

/**
 * The large full-width submit button of the sign-in and sign-up forms, disabled by the shared submit rule
 * (see {@link isSubmitDisabled}).
 */
export const SubmitButton = <T extends FieldValues>({
  formState,
  pending,
  sx = { mt: 2 },
  children,
}: {
  formState: FormState<T>;
  /** While the form is being sent (or may not be sent). */
  pending: boolean;
  sx?: ButtonProps["sx"];
  children: ButtonProps["children"];
}) => (
  <Button
    type="submit"
    variant="contained"
    size="large"
    fullWidth
    sx={sx}
    disabled={isSubmitDisabled(formState, pending)}
  >
    {children}
  </Button>
);
