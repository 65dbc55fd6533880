import { z } from "zod";
import { roles } from "../access.js";
import { limits } from "../limits.js";
import { messages } from "../messages.js";
import { patientLanguages } from "../rules/patient-language.js";
import {
  emailField,
  exactDigits,
  exactLengthCode,
  newPasswordField,
  requiredText,
  withConfirmedPassword,
} from "../validation.js";
import { emptyResponse, endpoint, messageResponse } from "./endpoint.js";

export const scopes = ["clinical", "patient"] as const;
export const scopeSchema = z.enum(scopes, { error: messages.required });
export type Scope = z.infer<typeof scopeSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  userRole: z.enum(roles).nullable(),
  scope: scopeSchema,
  permissions: z.array(z.string()),
  /** ISO date-time after which the password must be changed. */
  passwordExpireDate: z.string().nullable(),
  /** This sign-in still needs the e-mailed one-time code. */
  otpRequired: z.boolean(),
  instructionsAcknowledged: z.boolean(),
  /** The language the patient chose for their screens and e-mails; null before they chose one. */
  language: z.enum(patientLanguages).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const loginBody = z.strictObject({
  email: emailField(),
  password: z.string({ error: messages.required }).min(1, messages.required).max(1024),
  scope: scopeSchema,
  /** A patient signing in from an invite link joins that program. */
  inviteCode: z.string().min(4).max(200).optional(),
});
export const otpBody = z.strictObject({ otpCode: exactDigits(limits.otpLength) });
export const resetSendOtpBody = z.strictObject({ email: emailField(), scope: scopeSchema.default("clinical") });
export const resetVerifyOtpBody = z.strictObject({
  email: emailField(),
  otpCode: exactDigits(limits.otpLength),
  scope: scopeSchema.default("clinical"),
});
/**
 * Without a scope any account's password is reset (the staff page's historical call); with one, only
 * an account of that scope, and "patient" also signs the patient in (the patient app's reset).
 */
export const resetWithOtpBody = withConfirmedPassword({
  email: emailField(),
  otpCode: exactDigits(limits.otpLength),
  scope: scopeSchema.optional(),
});
export const resetCodeRequestBody = z.strictObject({ email: emailField() });
export const resetCodeCheckBody = z.strictObject({
  email: emailField().optional(),
  resetCode: exactLengthCode(limits.resetCodeLength),
});
export const resetWithCodeBody = withConfirmedPassword({ resetCode: exactLengthCode(limits.resetCodeLength) });
const currentPasswordField = z.string({ error: messages.required }).min(1, messages.required).max(1024);
/**
 * From a full session the current password is required (a stolen token alone must not lock the
 * owner out); the forced change right after signing in with an expired password sends none.
 */
export const changePasswordBody = withConfirmedPassword({ currentPassword: currentPasswordField.optional() });
/** The settings form: the same body with the current password required. */
export const changePasswordWithCurrentBody = withConfirmedPassword({ currentPassword: currentPasswordField });
export const updateCurrentBody = z
  .strictObject({
    firstName: requiredText(limits.text.personName, messages.firstNameRequired).optional(),
    lastName: requiredText(limits.text.personName, messages.lastNameRequired).optional(),
    displayName: z
      .string()
      .trim()
      .max(limits.text.displayName, messages.maxLength(limits.text.displayName))
      .nullable()
      .optional(),
    instructionsAcknowledged: z.literal(true).optional(),
    language: z.enum(patientLanguages, { error: messages.unknownLanguage }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export const refreshBody = z.strictObject({ refreshToken: z.string().min(1, messages.required).max(512) });
// A logout usually has no body at all (Fastify hands the schema null then).
export const logoutBody = z.strictObject({ refreshToken: z.string().max(512).optional() }).nullish();

const mustAccept = (message: string) => z.literal(true, { error: message });

export const staffInviteQuery = z.object({
  code: z.string().min(1, messages.required).max(200),
  email: z.string().max(limits.text.email).optional(),
  organisationName: z.string().max(300).optional(),
  projectName: z.string().max(300).optional(),
  projectId: z.string().max(200).optional(),
});
export const staffInviteAcceptBody = z.strictObject({
  userId: z.string().min(1).max(64),
  code: z.string().min(1).max(200),
});
/** A new clinician finishing an invitation: password, documents accepted, data sharing acknowledged. */
export const registerBody = withConfirmedPassword({
  inviteCode: z.string({ error: messages.required }).min(1, messages.required).max(200),
  email: emailField(),
  privacyPolicy: mustAccept(messages.privacyPolicyRequired),
  eula: mustAccept(messages.eulaRequired),
  /** Staff invitations: the data-sharing acknowledgement. */
  dataSharing: mustAccept(messages.dataSharingRequired).optional(),
  /** Patient invitations (personal or public code): names, and optional marketing consent. */
  firstName: requiredText(limits.text.personName, messages.firstNameRequired).optional(),
  lastName: requiredText(limits.text.personName, messages.lastNameRequired).optional(),
  marketingConsent: z.boolean().optional(),
});

export const authApi = {
  login: endpoint({
    method: "POST",
    path: "/api/v2/auth/login",
    summary: "Sign in with e-mail and password. Staff then need the e-mailed one-time code.",
    tags: ["auth"],
    auth: false,
    body: loginBody,
    response: tokenPairSchema.extend({ user: currentUserSchema }),
  }),
  sendLoginOtp: endpoint({
    method: "POST",
    path: "/api/v2/auth/signin/email/send_otp",
    summary: "(Re)send the one-time code of the current sign-in.",
    tags: ["auth"],
    auth: "pending",
    response: messageResponse,
  }),
  verifyLoginOtp: endpoint({
    method: "POST",
    path: "/api/v2/auth/signin/email/verify_otp",
    summary: "Complete a staff sign-in with the e-mailed one-time code.",
    tags: ["auth"],
    auth: "pending",
    body: otpBody,
    response: messageResponse,
  }),
  refresh: endpoint({
    method: "POST",
    path: "/api/v1/auth/refresh",
    summary: "Exchange a refresh token for a new pair (rotation; reuse revokes the session).",
    tags: ["auth"],
    auth: false,
    body: refreshBody,
    response: tokenPairSchema,
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/v1/auth/logout",
    summary: "End the current session.",
    tags: ["auth"],
    auth: "pending",
    body: logoutBody,
    response: emptyResponse,
    status: 204,
  }),
  current: endpoint({
    method: "GET",
    path: "/api/v1/current",
    summary: "The signed-in user's profile and permissions.",
    tags: ["auth"],
    auth: "pending",
    response: currentUserSchema,
  }),
  updateCurrent: endpoint({
    method: "PATCH",
    path: "/api/v1/current",
    summary: "Change the signed-in user's own details (changed fields only; e-mail is read-only).",
    tags: ["auth"],
    auth: true,
    body: updateCurrentBody,
    response: currentUserSchema,
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/v2/auth/change-password",
    summary: "Set a new password; every session of the user ends.",
    tags: ["auth"],
    auth: "pending",
    body: changePasswordBody,
    response: messageResponse,
  }),
  resetSendOtp: endpoint({
    method: "POST",
    path: "/api/v2/auth/reset_password/email/send_otp",
    summary:
      "E-mail a 6-digit password-reset code to the account's owner, whichever scope asked (the mail leads to the staff or the patient reset page). Answers the same whether or not the e-mail exists.",
    tags: ["auth"],
    auth: false,
    body: resetSendOtpBody,
    response: messageResponse,
  }),
  resetVerifyOtp: endpoint({
    method: "POST",
    path: "/api/v2/auth/reset_password/email/verify_otp",
    summary: "Check a password-reset code without using it.",
    tags: ["auth"],
    auth: false,
    body: resetVerifyOtpBody,
    response: messageResponse,
  }),
  resetWithOtp: endpoint({
    method: "POST",
    path: "/api/v2/auth/reset_password/email/reset",
    summary:
      "Set a new password with the 6-digit reset code; every session of the user ends. With scope patient the patient is signed in.",
    tags: ["auth"],
    auth: false,
    body: resetWithOtpBody,
    response: messageResponse.extend({
      accessToken: z.string().optional(),
      refreshToken: z.string().optional(),
      userId: z.string().optional(),
    }),
  }),
  resetCodeRequest: endpoint({
    method: "POST",
    path: "/api/v1/auth/password-reset/request",
    summary: "E-mail an 8-character reset code. Answers the same whether or not the e-mail exists.",
    tags: ["auth"],
    auth: false,
    body: resetCodeRequestBody,
    response: messageResponse,
  }),
  resetCodeCheck: endpoint({
    method: "POST",
    path: "/api/v1/auth/password-reset/check",
    summary: "Check an 8-character reset code without using it.",
    tags: ["auth"],
    auth: false,
    body: resetCodeCheckBody,
    response: messageResponse,
  }),
  resetWithCode: endpoint({
    method: "POST",
    path: "/api/v2/auth/password-reset/reset",
    summary: "Set a new password with the 8-character reset code and sign in.",
    tags: ["auth"],
    auth: false,
    body: resetWithCodeBody,
    response: tokenPairSchema.extend({ userId: z.string() }),
  }),
  staffInviteCheck: endpoint({
    method: "GET",
    path: "/api/v1/auth/staff-invite",
    summary: "Validate a staff invitation link; hasAccepted tells an existing account (sign in) from a new one.",
    tags: ["auth"],
    auth: false,
    query: staffInviteQuery,
    response: z.object({ hasAccepted: z.boolean(), email: z.string(), teamName: z.string() }),
  }),
  staffInviteAccept: endpoint({
    method: "POST",
    path: "/api/v1/auth/staff-invite",
    summary: "An existing user, signed in, accepts a staff invitation.",
    tags: ["auth"],
    auth: true,
    body: staffInviteAcceptBody,
    response: messageResponse,
  }),
  register: endpoint({
    method: "POST",
    path: "/api/v2/auth/register",
    summary: "Finish a staff invitation as a new user; a code is then e-mailed to confirm the address.",
    tags: ["auth"],
    auth: false,
    body: registerBody,
    response: tokenPairSchema.extend({ user: currentUserSchema }),
    status: 201,
  }),
} as const;

export { newPasswordField };
