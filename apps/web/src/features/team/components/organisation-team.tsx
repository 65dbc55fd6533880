import { type Grants, messages, organisationRules } from "@openpro/core";
import { EmptyState } from "../../../components/empty-state";
import { fullName } from "./team-members-table";
import { TeamScreen } from "./team-screen";

/** ORGANISATION TEAM: members, add / edit in a drawer, remove after a confirm (the account stays). */
export const OrganisationTeam = ({ organisationId, actor }: { organisationId: string; actor: Grants }) => {
  const canManage = organisationRules.canAddTeamMember(actor);
  return (
    <TeamScreen
      team={{ kind: "organisation", organisationId }}
      actor={actor}
      title="Organisation team"
      tableLabel="Organisation team"
      showDisplayName
      empty={() => <EmptyState title={messages.teamEmpty} />}
      rules={{
        add: canManage,
        edit: canManage,
        remove: organisationRules.canRemoveTeamMember(actor),
        resend: () => false,
      }}
      removal={{
        title: "Remove team member?",
        confirmLabel: "Remove",
        text: (member) => `${fullName(member)} will be removed from this organisation. Their account stays.`,
      }}
    />
  );
};
