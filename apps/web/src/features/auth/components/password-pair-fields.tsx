import type { ComponentProps } from "react";
import { type Control, type FieldValues, type Path, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field";
import { PasswordChecklist } from "./password-checklist";

interface PasswordPair extends FieldValues {
  password: string;
  confirmPassword: string;
}

/** A required field for a new password: hidden as typed, and the browser may offer to generate one. */
const NewPasswordField = <T extends PasswordPair>(
  props: Omit<ComponentProps<typeof FormTextField<T>>, "type" | "autoComplete" | "required">,
) => <FormTextField {...props} type="password" autoComplete="new-password" required />;

/** New password + confirmation, with the live checklist under the password. */
export const PasswordPairFields = <T extends PasswordPair>({
  control,
  disabled,
}: {
  control: Control<T>;
  disabled?: boolean;
}) => {
  const password = useWatch({ control, name: "password" as Path<T> }) as string | undefined;
  return (
    <>
      <NewPasswordField
        control={control}
        name={"password" as Path<T>}
        label="New password"
        disabled={disabled}
        slotProps={{ htmlInput: { "aria-describedby": "password-checklist" } }}
      />
      <PasswordChecklist password={password ?? ""} id="password-checklist" />
      <NewPasswordField
        control={control}
        name={"confirmPassword" as Path<T>}
        label="Confirm new password"
        disabled={disabled}
      />
    </>
  );
};
