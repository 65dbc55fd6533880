import { TextField } from "../../../components/plain-ui";
import type { usePlainForm } from "../../../lib/plain-form";

type SignInForm = ReturnType<typeof usePlainForm<{ email: string; password: string }>>;

/** E-mail and password as the staff and the patient sign-in both ask for them (password managers fill them). */
export const SignInFields = ({
  form,
  labels = { email: "Email", password: "Password" },
}: {
  form: SignInForm;
  /** The patient's pages give their catalogue's words; the staff screens keep these. */
  labels?: { email: string; password: string };
}) => (
  <>
    <TextField label={labels.email} type="email" autoComplete="username" required {...form.field("email", false)} />
    <TextField
      label={labels.password}
      type="password"
      autoComplete="current-password"
      required
      {...form.field("password", false)}
    />
  </>
);
