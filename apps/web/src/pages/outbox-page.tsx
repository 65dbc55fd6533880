import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { messages, shellRules } from "@openpro/core";
import { PageTitle } from "../components/page-title";
import { OutboxList } from "../features/admin/components/outbox-list";
import { useSession } from "../lib/session-context";

/** Admin only: e-mails stored by the server when no SMTP server is configured (demo one-time codes). */
export const OutboxPage = () => {
  const { user } = useSession();
  if (!shellRules.canOpenAdmin(user)) {
    return (
      <>
        <PageTitle>Outbox</PageTitle>
        <Alert severity="warning">{messages.forbidden}</Alert>
      </>
    );
  }
  return (
    <>
      <PageTitle>Outbox</PageTitle>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        E-mails the server stored or sent, newest first. Demo users can read their one-time codes here.
      </Typography>
      <OutboxList />
    </>
  );
};
