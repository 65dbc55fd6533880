import { type Expression, expressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "./schema.js";

/**
 * Who is on a team, as every reach and every list of colleagues counts it: a membership whose
 * invitation is accepted (an invitation grants nothing by itself). The team is named by an
 * expression (a column of the outer query) or a value, so each helper is a correlated subquery.
 */
const eb = expressionBuilder<Database, never>();

type Ref = Expression<string> | string;
/** Only memberships in one of these roles count (every role when not given). */
type Roles = readonly string[] | undefined;

/** `userId`'s accepted membership of the organisation's team: select its role, or test it (onOrganisationTeam). */
export const organisationMembership = (organisationId: Ref, userId: Ref, roles?: Roles) =>
  eb
    .selectFrom("organisationStaff")
    .where("organisationStaff.organisationId", "=", organisationId)
    .where("organisationStaff.userId", "=", userId)
    .where("organisationStaff.inviteAccepted", "=", true)
    .$if(!!roles, (qb) => qb.where("organisationStaff.role", "in", roles!));

/** `userId`'s accepted membership of the program's team: select its role, or test it (onProgramTeam). */
export const programMembership = (programId: Ref, userId: Ref, roles?: Roles) =>
  eb
    .selectFrom("programStaff")
    .where("programStaff.programId", "=", programId)
    .where("programStaff.userId", "=", userId)
    .where("programStaff.inviteAccepted", "=", true)
    .$if(!!roles, (qb) => qb.where("programStaff.role", "in", roles!));

/** `userId` is on the team of the organisation `organisationId`. */
export const onOrganisationTeam = (organisationId: Ref, userId: Ref, roles?: Roles) =>
  eb.exists(
    organisationMembership(organisationId, userId, roles).select("organisationStaff.userId"),
  ) as Expression<SqlBool>;

/** `userId` is on the team of the program `programId`. */
export const onProgramTeam = (programId: Ref, userId: Ref, roles?: Roles) =>
  eb.exists(programMembership(programId, userId, roles).select("programStaff.userId")) as Expression<SqlBool>;

/** `userId` reaches the program: on its team, or on its organisation's. */
export const reachesProgram = (program: { id: Ref; organisationId: Ref }, userId: Ref, roles?: Roles) =>
  eb.or([onProgramTeam(program.id, userId, roles), onOrganisationTeam(program.organisationId, userId, roles)]);

/** reachesProgram where the query names the program by its id alone (its organisation is looked up). */
export const reachesProgramOfId = (programId: Ref, userId: Ref, roles?: Roles) =>
  reachesProgram(
    {
      id: programId,
      organisationId: eb
        .selectFrom("programs")
        .select("programs.organisationId")
        .where("programs.id", "=", programId)
        .$asScalar(),
    },
    userId,
    roles,
  );

/**
 * A staff account who may see patients (view_project_users) and reaches the program (in one of
 * `roles`, when given): whom the program's alerts reach, and whom readiness counts as its
 * escalation's audience. `user` names the account's columns in the outer query; the program is
 * named by its id, or by its id and organisation where the query has its row.
 */
export const seesPatientsOfProgram = (
  user: { id: Expression<string>; scope: Expression<string>; permissions: Expression<string[]> },
  program: Ref | { id: Ref; organisationId: Ref },
  roles?: Roles,
) =>
  eb.and([
    sql<boolean>`${user.scope} = 'clinical'`,
    sql<boolean>`'view_project_users' = ANY(${user.permissions})`,
    typeof program === "object" && "organisationId" in program
      ? reachesProgram(program, user.id, roles)
      : reachesProgramOfId(program, user.id, roles),
  ]);
