import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { can, type Grants, inviteCodeBanner } from "@openpro/core";
import { RouterLink } from "../../../components/router-link";
import type { Program } from "../../../lib/wire";
import { useInviteCodes } from "../api";

/**
 * The invite-code banner of the program pages: expired, or expiring within two weeks.
 * Codes are fetched only for public programs and users who may view them.
 */
export const InviteCodeBanner = ({
  program,
  actor,
  now = new Date(),
}: {
  program: Program;
  actor: Grants;
  now?: Date;
}) => {
  const mayView = can(actor, "view_public_invite_codes");
  const enabled = mayView && program.inviteMode === "public";
  const codes = useInviteCodes(program.programId, enabled);
  if (!enabled || !codes.data) return null;
  const banner = inviteCodeBanner(codes.data, now);
  if (!banner) return null;
  const text =
    banner.kind === "expired"
      ? "The program's invite code has expired: new patients cannot join with it."
      : `The program's invite code is expiring in ${banner.daysLeft} ${banner.daysLeft === 1 ? "day" : "days"}.`;
  return (
    <Alert
      severity={banner.kind === "expired" ? "error" : "warning"}
      role="note"
      aria-label="Invite code"
      sx={{ mt: 2 }}
    >
      {text}{" "}
      {mayView ? (
        <Link component={RouterLink} to={`/programs/${program.programId}/settings/inviteCodes`}>
          Manage invite codes
        </Link>
      ) : null}
    </Alert>
  );
};
