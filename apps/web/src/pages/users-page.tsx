import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { messages, shellRules } from "@openpro/core";
import { useState } from "react";
import { Loading } from "../components/loading";
import { PageTitle } from "../components/page-title";
import { useAdminUser } from "../features/users/api";
import { UserEditForm } from "../features/users/components/user-edit-form";
import { UserSearch } from "../features/users/components/user-search";
import { useSession } from "../lib/session-context";

const SelectedUser = ({ userId, onDeleted }: { userId: string; onDeleted: () => void }) => {
  const { user: actor } = useSession();
  const user = useAdminUser(userId);
  if (!actor || user.isPending) return <Loading />;
  if (user.isError) return <Alert severity="error">{messages.somethingWentWrong}</Alert>;
  return <UserEditForm key={`${user.data.id}`} user={user.data} actor={actor} onDeleted={onDeleted} />;
};

export const UsersPage = () => {
  const { user } = useSession();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <PageTitle>Users</PageTitle>
      {shellRules.canOpenUsers(user) ? (
        <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "minmax(280px, 2fr) 3fr" } }}>
          <UserSearch selectedId={selected} onSelect={setSelected} />
          {selected ? <SelectedUser userId={selected} onDeleted={() => setSelected(null)} /> : null}
        </Box>
      ) : (
        <Alert severity="warning">{messages.forbidden}</Alert>
      )}
    </>
  );
};
