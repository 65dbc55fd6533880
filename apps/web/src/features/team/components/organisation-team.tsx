import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Alert, IconButton, Typography } from "@mui/material";
import { type Grants, messages, organisationRules, type TeamMember } from "@openpro/core";
import { enqueueSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { ApiError } from "../../../lib/http";
import { type TeamRef, useRemoveTeamMember } from "../api";
import { fullName } from "./team-members-table";
import { TeamScreen } from "./team-screen";

/** ORGANISATION TEAM: members, add / edit in a drawer, remove after a confirm. */
export const OrganisationTeam = ({ organisationId, actor }: { organisationId: string; actor: Grants }) => {
  const team: TeamRef = { kind: "organisation", organisationId };
  const remove = useRemoveTeamMember(team);
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
    <TeamScreen
      team={team}
      actor={actor}
      title="Organisation team"
      tableLabel="Organisation team"
      canAdd={canManage}
      showDisplayName
      empty={() => <EmptyState title={messages.teamEmpty} />}
      actions={
        canManage || canRemove
          ? (member, edit) => (
              <>
                {canManage ? (
                  <IconButton
                    aria-label={`Edit ${fullName(member)}`}
                    aria-haspopup="dialog"
                    onClick={() => edit(member)}
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
    >
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
    </TeamScreen>
  );
};
