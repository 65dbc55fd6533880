import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import { Alert, Box, Button, IconButton, Typography } from "@mui/material";
import { type Grants, messages, organisationRules, type TeamMember } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Loading } from "../../../components/loading";
import { ApiError } from "../../../lib/http";
import { type TeamRef, useRemoveTeamMember, useTeamMembers } from "../api";
import { TeamMemberDrawer } from "./team-member-drawer";
import { fullName, TeamMembersTable } from "./team-members-table";

/** ORGANISATION TEAM: members, add / edit in a drawer, remove after a confirm. */
export const OrganisationTeam = ({ organisationId, actor }: { organisationId: string; actor: Grants }) => {
  const team: TeamRef = { kind: "organisation", organisationId };
  const staff = useTeamMembers(team);
  const remove = useRemoveTeamMember(team);
  const [drawer, setDrawer] = useState<{ open: boolean; member: TeamMember | null }>({ open: false, member: null });
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const canManage = organisationRules.canAddTeamMember(actor);
  const canRemove = organisationRules.canRemoveTeamMember(actor);

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(
      { userId: removing.id },
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
        <Typography variant="h2">Organisation team</Typography>
        {canManage ? (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Icon />}
            onClick={() => setDrawer({ open: true, member: null })}
            aria-haspopup="dialog"
          >
            Add team member
          </Button>
        ) : null}
      </Box>
      {staff.isPending ? <Loading /> : null}
      {staff.isError ? <EmptyState title={messages.somethingWentWrong} /> : null}
      {staff.data && staff.data.results.length === 0 ? <EmptyState title={messages.teamEmpty} /> : null}
      {staff.data && staff.data.results.length > 0 ? (
        <TeamMembersTable
          label="Organisation team"
          members={staff.data.results}
          showDisplayName
          actions={
            canManage || canRemove
              ? (member) => (
                  <>
                    {canManage ? (
                      <IconButton
                        aria-label={`Edit ${fullName(member)}`}
                        aria-haspopup="dialog"
                        onClick={() => setDrawer({ open: true, member })}
                      >
                        <EditOutlinedIcon />
                      </IconButton>
                    ) : null}
                    {canRemove ? (
                      <IconButton
                        aria-label={`Remove ${fullName(member)}`}
                        aria-haspopup="dialog"
                        color="error"
                        onClick={() => {
                          remove.reset();
                          setRemoving(member);
                        }}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    ) : null}
                  </>
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
        title="Remove team member?"
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      >
        <Typography component="span" sx={{ display: "block" }}>
          {removing ? `${fullName(removing)} will be removed from this organisation. Their account stays.` : ""}
        </Typography>
        {remove.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error instanceof ApiError && remove.error.status !== undefined && remove.error.status < 500
              ? remove.error.message
              : messages.somethingWentWrong}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
};
