import type { PatientLanguage } from "@openpro/core";
import { patientMail } from "./patient-mail-text.js";

/** OpenPRO-branded e-mails: every template renders both HTML and plain text. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Layout {
  subject: string;
  greeting: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  footer?: string;
  /** The language the mail is written in (its HTML's lang): a patient's mail is in theirs. */
  language?: string;
  /** "Your code: 123456" in the mail's language (the plain-text part). */
  codeLine?: string;
}

export const renderLayout = (layout: Layout): RenderedMail => {
  const textParts = [layout.greeting, "", ...layout.paragraphs.flatMap((p) => [p, ""])];
  if (layout.code) textParts.push(layout.codeLine ?? `Your code: ${layout.code}`, "");
  if (layout.action) textParts.push(`${layout.action.label}: ${layout.action.url}`, "");
  textParts.push(layout.footer ?? "This message was sent by OpenPRO. If you did not expect it, you can ignore it.");
  const html = `<!doctype html>
<html lang="${layout.language ?? "en"}"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2a36">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#0b5cad;padding-bottom:16px">OpenPRO</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${escapeHtml(layout.greeting)}</td></tr>
${layout.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join("\n")}
${layout.code ? `<tr><td style="font-size:30px;letter-spacing:8px;font-weight:bold;padding:12px 0 20px">${escapeHtml(layout.code)}</td></tr>` : ""}
${layout.action ? `<tr><td style="padding:8px 0 20px"><a href="${escapeHtml(layout.action.url)}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(layout.action.label)}</a></td></tr>` : ""}
<tr><td style="font-size:12px;color:#5b6b7a;padding-top:16px;border-top:1px solid #e2e8ee">${escapeHtml(layout.footer ?? "This message was sent by OpenPRO. If you did not expect it, you can ignore it.")}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: layout.subject, text: textParts.join("\n"), html };
};

export const mailTemplates = {
  signInEmailChanged: (p: { firstName: string; newEmail: string }) =>
    renderLayout({
      subject: "The e-mail address of your OpenPRO account was changed",
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `An OpenPRO administrator changed the e-mail address you sign in with to ${p.newEmail}. This address no longer signs you in.`,
      ],
      footer: "If you did not ask for this, contact your administrator or OpenPRO support at once.",
    }),
  loginCode: (p: { firstName: string; code: string; minutes: number }) =>
    renderLayout({
      subject: "Your OpenPRO sign-in code",
      greeting: `Hello ${p.firstName},`,
      paragraphs: [`Use this code to finish signing in to OpenPRO. It expires in ${p.minutes} minutes and works once.`],
      code: p.code,
      footer: "If you did not try to sign in, change your password and tell your administrator.",
    }),
  passwordResetCode: (p: { firstName: string; code: string; minutes: number; url: string }) =>
    renderLayout({
      subject: "Reset your OpenPRO password",
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `Someone asked to reset the password of your OpenPRO account. The code expires in ${p.minutes} minutes.`,
      ],
      code: p.code,
      action: { label: "Enter the code", url: p.url },
      footer: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    }),
  passwordChanged: (p: { firstName: string }) =>
    renderLayout({
      subject: "Your OpenPRO password was changed",
      greeting: `Hello ${p.firstName},`,
      paragraphs: ["The password of your OpenPRO account was just changed and every session was signed out."],
      footer: "If this was not you, contact your administrator at once.",
    }),
  feedback: (p: { fromName: string; fromEmail: string; text: string }) =>
    renderLayout({
      subject: `OpenPRO feedback from ${p.fromName}`,
      greeting: "New feedback from the dashboard:",
      paragraphs: [p.text, `From: ${p.fromName} <${p.fromEmail}>`],
      footer: "Answer the sender by e-mail.",
    }),
};

/**
 * The account e-mails a patient receives, in the patient's language (core's patient-text/mail.ts):
 * their reset code, a changed password, a changed sign-in address. Staff receive mailTemplates'.
 */
export const patientMailTemplates = {
  passwordResetCode: (
    language: PatientLanguage,
    p: { firstName: string; code: string; minutes: number; url: string },
  ) => {
    const text = patientMail(language);
    return renderLayout({
      language,
      subject: text("resetSubject"),
      greeting: text("greeting", { name: p.firstName }),
      paragraphs: [text("resetAsked", { minutes: p.minutes })],
      code: p.code,
      codeLine: text("yourCode", { code: p.code }),
      action: { label: text("enterCode"), url: p.url },
      footer: text("resetFooter"),
    });
  },
  passwordChanged: (language: PatientLanguage, p: { firstName: string }) => {
    const text = patientMail(language);
    return renderLayout({
      language,
      subject: text("passwordChangedSubject"),
      greeting: text("greeting", { name: p.firstName }),
      paragraphs: [text("passwordChanged")],
      footer: text("passwordChangedFooter"),
    });
  },
  signInEmailChanged: (language: PatientLanguage, p: { firstName: string; newEmail: string }) => {
    const text = patientMail(language);
    return renderLayout({
      language,
      subject: text("emailChangedSubject"),
      greeting: text("greeting", { name: p.firstName }),
      paragraphs: [text("emailChanged", { email: p.newEmail })],
      footer: text("emailChangedFooter"),
    });
  },
};
