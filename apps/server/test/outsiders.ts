import type { Role } from "@openpro/core";
import { insertOrganisation, insertProgram, organisationStaff, uniqueMailDomain } from "./teams.js";
import type { TestApp } from "./test-app.js";

/**
 * Lakeside, another hospital (organisation "Lakeside") running "Lakeside Oncology", and Omar, one of its
 * staff in `role`: the outsider of a file's stories, where no story writes, who must reach nothing of
 * theirs. Its program id and Omar's e-mail address (he signs in when a story needs him).
 */
export const lakesideWithOmar = async (t: TestApp, role: Role) => {
  const organisationId = await insertOrganisation(t, "Lakeside");
  const programId = await insertProgram(t, { organisationId, name: "Lakeside Oncology" });
  const omarEmail = `omar@${uniqueMailDomain("lakeside")}`;
  await organisationStaff(t, organisationId, { email: omarEmail, role });
  return { programId, omarEmail };
};
