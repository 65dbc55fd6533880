import { Alert, Button } from "@mui/material";
import { touch } from "./me-layout";

/** A form's send button, as tall as a thumb; while the form is sent it waits and says so (`busy`). */
export const SubmitButton = ({ pending, label, busy }: { pending: boolean; label: string; busy: string }) => (
  <Button type="submit" variant="contained" size="large" sx={touch} disabled={pending}>
    {pending ? busy : label}
  </Button>
);

/** What went wrong, read out at once (role alert); nothing when `problem` is null. */
export const ProblemAlert = ({ problem }: { problem: string | null }) =>
  problem === null ? null : (
    <Alert severity="error" role="alert">
      {problem}
    </Alert>
  );
