import { Alert } from "@mui/material";
import { messages, shellRules } from "@openpro/core";
import { useSession } from "../app/session-provider";
import { EmptyState } from "../components/empty-state";
import { PageTitle } from "../components/page-title";

export const UsersPage = () => {
  const { user } = useSession();
  return (
    <>
      <PageTitle>Users</PageTitle>
      {shellRules.canOpenUsers(user) ? (
        <EmptyState title={messages.notAvailableYet}>
          The user list, search and editing will be shown here in a coming version of OpenPRO.
        </EmptyState>
      ) : (
        <Alert severity="warning">{messages.forbidden}</Alert>
      )}
    </>
  );
};
