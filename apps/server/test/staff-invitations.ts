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

/** The /join page's sign-up form filled in for `email`: `password` typed twice, every document accepted. */
export const staffSignUpForm = (code: string, email: string, password: string) => ({
  inviteCode: code,
  email,
  password,
  confirmPassword: password,
  privacyPolicy: true,
  eula: true,
  dataSharing: true,
});

/**
 * Someone invited signs up through the link's `code` with `password`, then types the six-digit code
 * e-mailed to them: their verified session's access token.
 */
export const signUpThroughInvitation = async (t: TestApp, code: string, email: string, password: string) => {
  const registered = await t.request({
    method: "POST",
    url: "/api/v2/auth/register",
    payload: staffSignUpForm(code, email, password),
  });
  if (registered.statusCode !== 201) throw new Error(`signing up ${email} failed: ${registered.body}`);
  const accessToken = registered.json().accessToken as string;
  const verified = await t.request({
    method: "POST",
    url: "/api/v2/auth/signin/email/verify_otp",
    token: accessToken,
    payload: { otpCode: await t.lastCodeSentTo(email) },
  });
  if (verified.statusCode !== 200) throw new Error(`${email}'s sign-up code failed: ${verified.body}`);
  return accessToken;
};

/** A signed-in staff member (`accessToken`, `userId`) accepts an invitation by its link's `code`; the server's answer. */
export const acceptStaffInvitation = (t: TestApp, accessToken: string, userId: string, code: string) =>
  t.request({ method: "POST", url: "/api/v1/auth/staff-invite", token: accessToken, payload: { userId, code } });
