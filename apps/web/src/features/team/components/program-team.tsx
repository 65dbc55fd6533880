import { can, type Grants, messages } from "@openpro/core";
import { ClickHereEmptyState } from "../../../components/empty-state";
import type { Program } from "../../../lib/wire";
import { fullName } from "./team-members-table";
import { TeamScreen } from "./team-screen";

/** The program's Team tab: members, add / edit in a drawer, re-send invites, remove from the program. */
export const ProgramTeam = ({ program, actor }: { program: Program; actor: Grants }) => (
  <TeamScreen
    team={{ kind: "program", programId: program.programId }}
    actor={actor}
    title="Team"
    tableLabel="Program team"
    loadingLabel="Loading team members"
    empty={(add) => <ClickHereEmptyState message={messages.programTeamEmpty} onClick={add} />}
    rules={{
      add: can(actor, "create_project_staff_member"),
      edit: can(actor, "edit_project_staff_member"),
      remove: can(actor, "delete_project_staff_member"),
      /** Re-send invite: not accepted yet, the create permission, and a program that is not closed. */
      resend: (member) => !member.inviteAccepted && can(actor, "create_project_staff_member") && !program.closed,
    }}
    removal={{
      title: "Remove from program?",
      confirmLabel: "Delete profile",
      text: (member) =>
        `${fullName(member)} will be removed from ${program.name}. Do you also want to delete their profile?`,
      note: `${messages.adminCannotBeDeleted}.`,
      keepProfileLabel: "Keep profile",
      menuLabel: "Remove from program",
    }}
  />
);
