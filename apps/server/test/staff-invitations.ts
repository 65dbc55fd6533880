import type { TestApp } from "./test-app.js";

/**
 * The newest staff invitation link e-mailed to someone, taken apart as the web app's /join page does:
 * the code and the e-mail address, and the organisation's name (an organisation team's invitation) or
 * the program's name and id (a program team's invitation).
 */
export const invitationLink = async (t: TestApp, email: string) => {
  const mail = (await t.mailsTo(email)).reverse().find((m) => m.textBody.includes("/join/"));
  const match = mail?.textBody.match(/https?:\/\/\S+\/join\/\S+/);
  if (!match) throw new Error(`No invitation link was e-mailed to ${email}`);
  const url = new URL(match[0]);
  return {
    url,
    subject: mail!.subject,
    textBody: mail!.textBody,
    code: decodeURIComponent(url.pathname.split("/").at(-1)!),
    email: url.searchParams.get("email"),
    organisationName: url.searchParams.get("organisationName"),
    projectName: url.searchParams.get("projectName"),
    projectId: url.searchParams.get("projectId"),
  };
};
