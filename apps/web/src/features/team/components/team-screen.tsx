import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { type Grants, messages, type TeamMember } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { RowActionsMenu } from "../../../components/row-actions-menu";
import { ApiError } from "../../../lib/http";
import { type TeamRef, useRemoveTeamMember, useResendTeamInvite, useTeamMembers } from "../api";
import { TeamMemberDrawer } from "./team-member-drawer";
import { fullName, TeamMembersTable } from "./team-members-table";

/** Who may do what on a team screen. */
export interface TeamRules {
  add: boolean;
  edit: boolean;
  remove: boolean;
  /** Whether a member's row offers Re-send invite (a program's team only). */
  resend: (member: TeamMember) => boolean;
}

/** How a removal is asked for and confirmed. */
export interface TeamRemoval {
  title: string;
  confirmLabel: string;
  /** The dialog's text about the member. */
  text: (member: TeamMember) => string;
  /** A second paragraph under the text. */
  note?: string;
  /** A program's team: the confirm also deletes the profile, this alternative (its label) keeps it. */
  keepProfileLabel?: string;
  /** The item of the row's more-menu that removes; without it the row has its own Remove icon button. */
  menuLabel?: string;
}

const serverMessage = (error: unknown): string =>
  error instanceof ApiError && error.status !== undefined && error.status < 500 && error.message.trim()
    ? error.message
    : messages.somethingWentWrong;

/** A pending member's Re-send invite (a program's team); a failed re-send is silently ignored, the list refreshed. */
const ResendInviteButton = ({ programId, member }: { programId: string; member: TeamMember }) => {
  const resend = useResendTeamInvite(programId);
  return (
    <Button
      size="small"
      onClick={() =>
        resend.mutate(member.id, { onSuccess: ({ message }) => enqueueSnackbar(message, { variant: "success" }) })
      }
      disabled={resend.isPending}
      aria-label={`Re-send invite to ${fullName(member)}`}
    >
      Re-send invite
    </Button>
  );
};

/**
 * A team screen, the organisation's or a program's: its title and Add team member, the members' table (or the
 * empty state) with each row's actions (re-send invite, edit, remove), the add / edit drawer and the removal's
 * confirmation. What differs between the two teams comes as props: the words, the rules and how a removal is
 * confirmed.
 */
export const TeamScreen = ({
  team,
  actor,
  title,
  tableLabel,
  loadingLabel,
  showDisplayName = false,
  empty,
  rules,
  removal,
}: {
  team: TeamRef;
  actor: Grants;
  title: string;
  tableLabel: string;
  loadingLabel?: string;
  showDisplayName?: boolean;
  /** The empty team's state, given `add` (null without the permission). */
  empty: (add: (() => void) | null) => ReactNode;
  rules: TeamRules;
  removal: TeamRemoval;
}) => {
  const staff = useTeamMembers(team);
  const remove = useRemoveTeamMember(team);
  const [drawer, setDrawer] = useState<{ open: boolean; member: TeamMember | null }>({ open: false, member: null });
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const openAdd = () => setDrawer({ open: true, member: null });
  const edit = (member: TeamMember) => setDrawer({ open: true, member });
  const askRemove = (member: TeamMember) => {
    remove.reset();
    setRemoving(member);
  };
  const onRemove = (deleteProfile: boolean) => {
    if (!removing) return;
    remove.mutate(
      { userId: removing.id, deleteProfile },
      {
        onSuccess: () => {
          setRemoving(null);
          enqueueSnackbar(messages.teamMemberRemoved, { variant: "success" });
        },
      },
    );
  };
  const actions = (member: TeamMember) => (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1 }}>
      {team.kind === "program" && rules.resend(member) ? (
        <ResendInviteButton programId={team.programId} member={member} />
      ) : null}
      {rules.edit ? (
        <IconButton aria-label={`Edit ${fullName(member)}`} aria-haspopup="dialog" onClick={() => edit(member)}>
          <EditOutlinedIcon />
        </IconButton>
      ) : null}
      {rules.remove && removal.menuLabel ? (
        <RowActionsMenu
          name={fullName(member)}
          items={[{ label: removal.menuLabel, onClick: () => askRemove(member) }]}
        />
      ) : null}
      {rules.remove && !removal.menuLabel ? (
        <IconButton
          aria-label={`Remove ${fullName(member)}`}
          aria-haspopup="dialog"
          color="error"
          onClick={() => askRemove(member)}
        >
          <DeleteOutlineIcon />
        </IconButton>
      ) : null}
    </Box>
  );
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 2 }}>
        <Typography variant="h2">{title}</Typography>
        {rules.add ? (
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={openAdd} aria-haspopup="dialog">
            Add team member
          </Button>
        ) : null}
      </Box>
      {staff.isPending ? <Loading label={loadingLabel} /> : null}
      {staff.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
      {staff.data && staff.data.results.length === 0 ? empty(rules.add ? openAdd : null) : null}
      {staff.data && staff.data.results.length > 0 ? (
        <TeamMembersTable
          label={tableLabel}
          members={staff.data.results}
          showDisplayName={showDisplayName}
          actions={rules.add || rules.edit || rules.remove ? actions : undefined}
        />
      ) : null}
      <TeamMemberDrawer
        team={team}
        actor={actor}
        member={drawer.member}
        open={drawer.open}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removal.title}
        confirmLabel={removal.confirmLabel}
        destructive
        pending={remove.isPending}
        onConfirm={() => onRemove(removal.keepProfileLabel !== undefined)}
        onCancel={() => setRemoving(null)}
        error={remove.isError ? serverMessage(remove.error) : null}
        alternative={
          removal.keepProfileLabel ? { label: removal.keepProfileLabel, onClick: () => onRemove(false) } : undefined
        }
      >
        <Typography component="span" sx={{ display: "block" }}>
          {removing ? removal.text(removing) : ""}
        </Typography>
        {removal.note ? (
          <Typography component="span" sx={{ display: "block", mt: 1 }}>
            {removal.note}
          </Typography>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
};
