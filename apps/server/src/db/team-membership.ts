import { type Expression, expressionBuilder, type SqlBool } from "kysely";
import type { Database } from "./schema.js";

/**
 * Who is on a team, as every reach and every list of colleagues counts it: a membership whose
 * invitation is accepted (an invitation grants nothing by itself). The team is named by an
 * expression (a column of the outer query, or a value), so each helper is a correlated EXISTS.
 */
const eb = expressionBuilder<Database, never>();

/** `userId` is on the team of the organisation `organisationId`. */
export const onOrganisationTeam = (organisationId: Expression<string>, userId: Expression<string> | string) =>
  eb.exists(
    eb
      .selectFrom("organisationStaff")
      .select("organisationStaff.userId")
      .where("organisationStaff.organisationId", "=", organisationId)
      .where("organisationStaff.userId", "=", userId)
      .where("organisationStaff.inviteAccepted", "=", true),
  ) as Expression<SqlBool>;

/** `userId` is on the team of the program `programId`. */
export const onProgramTeam = (programId: Expression<string>, userId: Expression<string> | string) =>
  eb.exists(
    eb
      .selectFrom("programStaff")
      .select("programStaff.userId")
      .where("programStaff.programId", "=", programId)
      .where("programStaff.userId", "=", userId)
      .where("programStaff.inviteAccepted", "=", true),
  ) as Expression<SqlBool>;

/** `userId` reaches the program: on its team, or on its organisation's. */
export const reachesProgram = (
  program: { id: Expression<string>; organisationId: Expression<string> },
  userId: Expression<string> | string,
) => eb.or([onProgramTeam(program.id, userId), onOrganisationTeam(program.organisationId, userId)]);
