import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import { Alert, Box, Button, IconButton, Menu, MenuItem, Typography } from "@mui/material";
import { can, type Grants, messages, type TeamMember } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ClickHereEmptyState, EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { ApiError } from "../../../lib/http";
import type { Program } from "../../../lib/wire";
import { type TeamRef, useRemoveTeamMember, useResendTeamInvite, useTeamMembers } from "../api";
import { TeamMemberDrawer } from "./team-member-drawer";
import { fullName, TeamMembersTable } from "./team-members-table";

/** Who may do what on the Team tab. */
const programTeamRules = (actor: Grants, program: Pick<Program, "closed">) => ({
  add: can(actor, "create_project_staff_member"),
  edit: can(actor, "edit_project_staff_member"),
  remove: can(actor, "delete_project_staff_member"),
  /** Re-send invite: not accepted yet, the create permission, and a program that is not closed. */
  resend: (member: TeamMember) =>
    !member.inviteAccepted && can(actor, "create_project_staff_member") && !program.closed,
});

/** The more-menu of one member: "Remove from program". */
const MemberMenu = ({ member, onRemove }: { member: TeamMember; onRemove: (member: TeamMember) => void }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        aria-label={`Actions for ${fullName(member)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onRemove(member);
          }}
        >
          Remove from program
        </MenuItem>
      </Menu>
    </>
  );
};

const serverMessage = (error: unknown): string =>
  error instanceof ApiError && error.status !== undefined && error.status < 500 && error.message.trim()
    ? error.message
    : messages.somethingWentWrong;

/** The program's Team tab: members, add / edit in a drawer, re-send invites, remove from the program. */
export const ProgramTeam = ({ program, actor }: { program: Program; actor: Grants }) => {
  const team: TeamRef = { kind: "program", programId: program.programId };
  const staff = useTeamMembers(team);
  const remove = useRemoveTeamMember(team);
  const resend = useResendTeamInvite(program.programId);
  const [drawer, setDrawer] = useState<{ open: boolean; member: TeamMember | null }>({ open: false, member: null });
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const rules = programTeamRules(actor, program);
  const openAdd = () => setDrawer({ open: true, member: null });
  const hasActions = rules.add || rules.edit || rules.remove;

  const onResend = (member: TeamMember) =>
    // A failed re-send is silently ignored; the list is refreshed.
    resend.mutate(member.id, { onSuccess: ({ message }) => enqueueSnackbar(message, { variant: "success" }) });

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

  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, mb: 2 }}>
        <Typography variant="h2">Team</Typography>
        {rules.add ? (
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={openAdd} aria-haspopup="dialog">
            Add team member
          </Button>
        ) : null}
      </Box>
      {staff.isPending ? <Loading label="Loading team members" /> : null}
      {staff.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
      {staff.data && staff.data.results.length === 0 ? (
        <ClickHereEmptyState message={messages.programTeamEmpty} onClick={rules.add ? openAdd : null} />
      ) : null}
      {staff.data && staff.data.results.length > 0 ? (
        <TeamMembersTable
          label="Program team"
          members={staff.data.results}
          actions={
            hasActions
              ? (member) => (
                  <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1 }}>
                    {rules.resend(member) ? (
                      <Button
                        size="small"
                        onClick={() => onResend(member)}
                        disabled={resend.isPending && resend.variables === member.id}
                        aria-label={`Re-send invite to ${fullName(member)}`}
                      >
                        Re-send invite
                      </Button>
                    ) : null}
                    {rules.edit ? (
                      <IconButton
                        aria-label={`Edit ${fullName(member)}`}
                        aria-haspopup="dialog"
                        onClick={() => setDrawer({ open: true, member })}
                      >
                        <EditOutlinedIcon />
                      </IconButton>
                    ) : null}
                    {rules.remove ? (
                      <MemberMenu
                        member={member}
                        onRemove={(m) => {
                          remove.reset();
                          setRemoving(m);
                        }}
                      />
                    ) : null}
                  </Box>
                )
              : undefined
          }
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
        title="Remove from program?"
        confirmLabel="Delete profile"
        destructive
        pending={remove.isPending}
        onConfirm={() => onRemove(true)}
        onCancel={() => setRemoving(null)}
        alternative={{ label: "Keep profile", onClick: () => onRemove(false) }}
      >
        <Typography component="span" sx={{ display: "block" }}>
          {removing
            ? `${fullName(removing)} will be removed from ${program.name}. Do you also want to delete their profile?`
            : ""}
        </Typography>
        <Typography component="span" sx={{ display: "block", mt: 1 }}>
          {`${messages.adminCannotBeDeleted}.`}
        </Typography>
        {remove.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {serverMessage(remove.error)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
};
