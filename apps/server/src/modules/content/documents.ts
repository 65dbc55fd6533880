import type { LegalDocumentId, RichTextDocument } from "@openpro/core";

const UPDATED = "2026-11-01T00:00:00.000Z";

/** The legal texts of an OpenPRO installation. An operator replaces them with their own. */
export const legalDocumentTexts: Record<LegalDocumentId, RichTextDocument> = {
  eula: {
    id: "eula",
    title: "End User Licence Agreement",
    version: "1.0",
    updatedAt: UPDATED,
    blocks: [
      {
        type: "paragraph",
        text: "This agreement governs your use of the OpenPRO clinician dashboard and the OpenPRO patient app, provided by the organisation that runs your program.",
      },
      { type: "heading", text: "1. Licence" },
      {
        type: "paragraph",
        text: "You may use OpenPRO only to take part in, or to run, a patient-reported-outcome program you have been invited to. OpenPRO is open-source software; this agreement does not limit the rights its open-source licence gives you over the code.",
      },
      { type: "heading", text: "2. Your account" },
      {
        type: "list",
        items: [
          "Keep your password and sign-in codes to yourself.",
          "Sign out on shared computers.",
          "Tell your program administrator at once if you think someone else used your account.",
        ],
      },
      { type: "heading", text: "3. Clinical use" },
      {
        type: "paragraph",
        text: "OpenPRO supports, and does not replace, clinical judgement. It is not an emergency service: patients who feel very unwell must contact their care team or emergency services directly.",
      },
      { type: "heading", text: "4. Ending" },
      {
        type: "paragraph",
        text: "Your program administrator may end your access at any time, for example when a program closes. Data already recorded is kept as the privacy policy describes.",
      },
    ],
  },
  "privacy-policy": {
    id: "privacy-policy",
    title: "Privacy Policy",
    version: "1.0",
    updatedAt: UPDATED,
    blocks: [
      {
        type: "paragraph",
        text: "This policy explains what OpenPRO records about you, why, who can see it, and your rights.",
      },
      { type: "heading", text: "What we record" },
      {
        type: "list",
        items: [
          "Staff: name, work e-mail, role, and a log of sign-ins and of the patient records you open or change.",
          "Patients: name, e-mail, date of birth, sex, and the symptoms, measurements, medication and questionnaire answers you log in the app.",
        ],
      },
      { type: "heading", text: "Why" },
      {
        type: "paragraph",
        text: "To run the program you joined: so that your care team can follow how you are and act on severe symptoms, and, where you consented, for research that uses your data without identifying you.",
      },
      { type: "heading", text: "Who can see it" },
      {
        type: "paragraph",
        text: "Only staff of your program whose role allows it. Every access to a patient record is logged. Data is never sold.",
      },
      { type: "heading", text: "Your rights" },
      {
        type: "list",
        items: [
          "See the data held about you.",
          "Correct it.",
          "Withdraw from a program at any time.",
          "Complain to your data protection authority.",
        ],
      },
    ],
  },
  "terms-conditions": {
    id: "terms-conditions",
    title: "Terms and Conditions",
    version: "1.0",
    updatedAt: UPDATED,
    blocks: [
      {
        type: "paragraph",
        text: "By using OpenPRO you agree to these terms, the End User Licence Agreement and the Privacy Policy.",
      },
      { type: "heading", text: "Acceptable use" },
      {
        type: "list",
        items: [
          "Use patient data only for the care or research the program is for.",
          "Do not try to reach data your role does not give you.",
          "Report suspected security problems to support instead of testing them on live data.",
        ],
      },
      { type: "heading", text: "Availability" },
      {
        type: "paragraph",
        text: "We aim to keep OpenPRO available at all times and announce planned maintenance in advance on the sign-in page.",
      },
    ],
  },
  "sciensuspro-instructions-for-use": {
    id: "sciensuspro-instructions-for-use",
    title: "Instructions for Use",
    version: "2.0",
    updatedAt: "2026-11-27T00:00:00.000Z",
    blocks: [
      { type: "heading", text: "Intended purpose" },
      {
        type: "paragraph",
        text: "OpenPRO collects patient-reported outcomes (symptoms graded on the CTCAE scale, temperature, weight, medication adherence, activity and questionnaires) between visits and shows them to the care team. It does not diagnose and it does not treat: the care team decides what to do.",
      },
      { type: "heading", text: "Alerts" },
      {
        type: "list",
        items: [
          "OpenPRO raises an alert for the care team when a patient logs a severe or very severe symptom (grade 3 or 4), a symptom and grade the program chose, or a temperature outside the program's thresholds.",
          "A program without its own thresholds uses its territory's: an alert at 38.0 °C or more, or below 35.0 °C.",
          "Alerts wait in the Alerts queue until a team member takes and closes them; team members can also ask for an e-mail when an alert is raised.",
          "An alert still open after the program's escalation delay (60 minutes unless the program changes it) is e-mailed to the program's admins, or to its whole team when it has no admin.",
        ],
      },
      { type: "heading", text: "What the patient is told" },
      {
        type: "list",
        items: [
          "After a severe symptom or a temperature outside the thresholds, the app shows the patient the program's message at once, followed by the care team's phone numbers and the emergency number of the program's territory, to call with one tap.",
          "A program reaches patients only when it is ready: a care-team phone number, temperature thresholds with their message, an alert message for every severe grade (or one default message) and someone to escalate to. Until then invitations and invite codes are refused.",
        ],
      },
      { type: "heading", text: "What OpenPRO does not do" },
      {
        type: "list",
        items: [
          "No member of staff is paged, phoned, texted or sent a push notification: alerts are shown in the queue and sent by e-mail only. Push notifications go only to patients who turn them on, as reminders that carry no health data.",
          "Alerts are not watched outside your team's working hours unless your team's escalation says who reads them then. Patients are told to call the emergency number when they cannot reach you.",
        ],
      },
      { type: "heading", text: "Before you start" },
      {
        type: "list",
        items: [
          "Use a current version of Chrome, Edge, Firefox or Safari.",
          "Sign in with your own account; every sign-in needs the code sent to your e-mail.",
          "You are signed out after 30 minutes without activity.",
        ],
      },
      { type: "heading", text: "Reading patient data" },
      {
        type: "list",
        items: [
          "Severe and very severe symptoms (grades 3 and 4) are highlighted; acknowledge them once reviewed.",
          "Absence of a log does not mean absence of a symptom: patients may not log every day.",
          "Times are shown in the program's time zone.",
        ],
      },
      { type: "heading", text: "When something looks wrong" },
      {
        type: "paragraph",
        text: "If data looks wrong or missing, do not rely on it for a clinical decision: contact the patient directly and report the problem to support through the Feedback button.",
      },
      { type: "heading", text: "Warnings" },
      {
        type: "list",
        items: [
          "OpenPRO is not an emergency service.",
          "Do not share your account.",
          "Patient data shown on screen is confidential: lock your screen when you leave it.",
        ],
      },
    ],
  },
};
