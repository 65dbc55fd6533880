import { type Control, type FieldValues, type Path, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field";
import { PasswordChecklist } from "./password-checklist";

interface PasswordPair extends FieldValues {
  password: string;
  confirmPassword: string;
}

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
      <FormTextField
        control={control}
        name={"password" as Path<T>}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        slotProps={{ htmlInput: { "aria-describedby": "password-checklist" } }}
      />
      <PasswordChecklist password={password ?? ""} id="password-checklist" />
      <FormTextField
        control={control}
        name={"confirmPassword" as Path<T>}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
      />
    </>
  );
};
