import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { roleLabels, type TeamMember } from "@openpro/core";
import type { ReactNode } from "react";

export const fullName = (m: TeamMember) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** A team's members as served (sorted by name): names, e-mail, role label, whether the invite was accepted. */
export const TeamMembersTable = ({
  label,
  members,
  showDisplayName = false,
  actions,
}: {
  /** The table's accessible name. */
  label: string;
  members: readonly TeamMember[];
  showDisplayName?: boolean;
  /** The row's action controls; no Actions column without it. */
  actions?: ((member: TeamMember) => ReactNode) | undefined;
}) => (
  <Paper variant="outlined">
    {/* On a phone the table scrolls sideways inside its box; focusable, so a keyboard can scroll it. */}
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">First name</TableCell>
            <TableCell scope="col">Last name</TableCell>
            {showDisplayName ? <TableCell scope="col">Display name</TableCell> : null}
            <TableCell scope="col">Email</TableCell>
            <TableCell scope="col">Role</TableCell>
            <TableCell scope="col">Invite accepted</TableCell>
            {actions ? (
              <TableCell scope="col">
                <span className="visually-hidden">Actions</span>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id}>
              <TableCell>{member.firstName}</TableCell>
              <TableCell>{member.lastName}</TableCell>
              {showDisplayName ? <TableCell>{member.displayName ?? ""}</TableCell> : null}
              <TableCell sx={{ overflowWrap: "anywhere" }}>{member.email}</TableCell>
              <TableCell>{roleLabels[member.role]}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={member.inviteAccepted ? "success" : "default"}
                  label={member.inviteAccepted ? "Yes" : "No"}
                />
              </TableCell>
              {actions ? <TableCell sx={{ whiteSpace: "nowrap" }}>{actions(member)}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  </Paper>
);
