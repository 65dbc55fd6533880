import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import { Box, Button, Typography } from "@mui/material";
import { type Grants, messages, type TeamMember } from "@openpro/core";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { type TeamRef, useTeamMembers } from "../api";
import { TeamMemberDrawer } from "./team-member-drawer";
import { TeamMembersTable } from "./team-members-table";

/**
 * A team screen, the organisation's or a program's: its title and Add team member, the members' table (or the
 * empty state), and the add / edit drawer. What differs between the two comes as props: the actions of a row
 * (given `edit` to open the drawer on a member), the empty state, and the screen's own dialogs as children.
 */
export const TeamScreen = ({
  team,
  actor,
  title,
  tableLabel,
  loadingLabel,
  canAdd,
  showDisplayName = false,
  empty,
  actions,
  children,
}: {
  team: TeamRef;
  actor: Grants;
  title: string;
  tableLabel: string;
  loadingLabel?: string;
  canAdd: boolean;
  showDisplayName?: boolean;
  /** The empty team's state, given `add` (null without the permission). */
  empty: (add: (() => void) | null) => ReactNode;
  actions?: (member: TeamMember, edit: (member: TeamMember) => void) => ReactNode;
  children?: ReactNode;
}) => {
  const staff = useTeamMembers(team);
  const [drawer, setDrawer] = useState<{ open: boolean; member: TeamMember | null }>({ open: false, member: null });
  const openAdd = () => setDrawer({ open: true, member: null });
  const edit = (member: TeamMember) => setDrawer({ open: true, member });
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 2 }}>
        <Typography variant="h2">{title}</Typography>
        {canAdd ? (
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={openAdd} aria-haspopup="dialog">
            Add team member
          </Button>
        ) : null}
      </Box>
      {staff.isPending ? <Loading label={loadingLabel} /> : null}
      {staff.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
      {staff.data && staff.data.results.length === 0 ? empty(canAdd ? openAdd : null) : null}
      {staff.data && staff.data.results.length > 0 ? (
        <TeamMembersTable
          label={tableLabel}
          members={staff.data.results}
          showDisplayName={showDisplayName}
          actions={actions ? (member) => actions(member, edit) : undefined}
        />
      ) : null}
      <TeamMemberDrawer
        team={team}
        actor={actor}
        member={drawer.member}
        open={drawer.open}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      {children}
    </Box>
  );
};
