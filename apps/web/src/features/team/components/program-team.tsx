import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { Alert, Box, Button, IconButton, Menu, MenuItem, Typography } from "@mui/material";
import { can, type Grants, messages, type TeamMember } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ClickHereEmptyState } from "../../../components/empty-state";
import { ApiError } from "../../../lib/http";
import type { Program } from "../../../lib/wire";
import { type TeamRef, useRemoveTeamMember, useResendTeamInvite } from "../api";
import { fullName } from "./team-members-table";
import { TeamScreen } from "./team-screen";

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
  const remove = useRemoveTeamMember(team);
  const resend = useResendTeamInvite(program.programId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const rules = programTeamRules(actor, program);
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
    <TeamScreen
      team={team}
      actor={actor}
      title="Team"
      tableLabel="Program team"
      loadingLabel="Loading team members"
      canAdd={rules.add}
      empty={(add) => <ClickHereEmptyState message={messages.programTeamEmpty} onClick={add} />}
      actions={
        hasActions
          ? (member, edit) => (
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
                    onClick={() => edit(member)}
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
    >
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
    </TeamScreen>
  );
};
