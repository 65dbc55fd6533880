/**
 * The texts only the public pages show (invitation, sign-up, consent, demographics, get-the-app,
 * unsubscribe, study ended, thank you), in English: the patient app (/me) never loads them, so that
 * its catalogue stays small (bench/bundle-size.ts). Everything en.ts says about the messages holds
 * here; each translation (de-public.ts…) follows this file key for key.
 */
export const enPublic = {
  somethingWentWrong: "Something went wrong. Please refresh the page.",
  refresh: "Refresh",
  // Public pages: the frame
  footerInstructions: "Instructions for use",
  footerKeyTerms: "Key terms",
  footerPrivacy: "Privacy policy",
  footerTerms: "Terms and conditions",
  // Invitation (/invite/{code})
  checkingInvitation: "Checking your invitation",
  invalidLinkTitle: "Invalid link",
  inviteLinkInvalid: "Sorry, this invitation link is no longer valid.",
  joinTitle: "Join {program}",
  joinAProgram: "Join a program",
  joinIntro: "Sign in if you already have an OpenPRO account, or create one to take part.",
  alreadyHaveAccount: "Already have an account?",
  createAccount: "Create account",
  newToOpenPro: "New to OpenPRO?",
  errorTitle: "Error",
  ok: "OK",
  firstName: "First name",
  lastName: "Last name",
  iAcceptThe: "I accept the",
  privacyPolicy: "privacy policy",
  licenceAgreement: "licence agreement",
  privacyPolicyTitle: "Privacy policy",
  licenceAgreementTitle: "Licence agreement",
  marketingConsent: "I would like to receive news and updates about OpenPRO (optional)",
  accountAlreadyExists: "An account with this e-mail address already exists. Please sign in instead.",
  accept: "Accept",
  decline: "Decline",
  close: "Close",
  // Consent (/auth-consent/{code})
  loadingConsent: "Loading the consent",
  consentTitle: "Taking part in the program",
  consentMessageLabel: "Consent message",
  consentAgree: "I have read the information above and I agree to take part in this program",
  participate: "Take part",
  declineConsent: "I do not want to take part",
  declineConsentTitle: "Not take part?",
  declineConsentText:
    "You will not take part in this program. Your care team can invite you again if you change your mind.",
  consentDeclined:
    "You have chosen not to take part in this program. Your care team can invite you again if you change your mind.",
  // About you (/demographic-info)
  aboutYouTitle: "About you",
  openInvitationToContinue: "Open the link in your invitation e-mail to continue.",
  sex: "Sex",
  sexFemale: "Female",
  sexMale: "Male",
  sexIntersex: "Intersex",
  sexPreferNotToSay: "Prefer not to say",
  sexRequired: "Please choose your sex.",
  dateOfBirth: "Date of birth",
  dobRequired: "Please enter your date of birth.",
  tooYoung: "You need to be at least 18 years old.",
  openTheApp: "Open the app",
  getTheAppTitle: "Get the {app} app",
  getTheAppIntro:
    "Download the {app} app on your phone and sign in with the e-mail address and password you have just used.",
  qrLabel: "QR code: open {address} on your phone",
  qrHint: "Scan with your phone's camera to open this page there.",
  appStore: "Download on the App Store",
  googlePlay: "Get it on Google Play",
  useInBrowser: "Use OpenPRO in your browser",
  getTheApp: "Get the app",
  // Unsubscribe (/unsubscribe) and study ended (/study/{id})
  remindersTitle: "Questionnaire reminders",
  stopRemindersTo: "Stop sending questionnaire reminder e-mails to {email}",
  unsubscribeLinkOutdated:
    "This link is out of date. Please use the link in your most recent reminder e-mail, or contact support at {supportEmail} to stop the reminders.",
  unsubscribeFailedContact: "Something went wrong. Please contact support at {supportEmail}.",
  checkingStudy: "Checking the study",
  studyEndedTitle: "Study ended",
  studyEnded: "This study has now ended. Thank you.",
  studyRunningTitle: "This study is running",
  studyRunning: "There is nothing to do here. If you take part in this study, keep using the app.",
  // Thank you (/auth-confirm)
  confirmTitle: "You are taking part",
  confirmDone: "You have agreed to take part in the program. Your care team can now see what you send them.",
  confirmNext:
    "What happens next: use the OpenPRO app on your phone, or OpenPRO in your browser, to tell your care team how you feel. Sign in with the e-mail address and password you have just used.",
  // Get the app on a phone
  getTheAppPhoneIntro:
    "Install the {app} app, or use OpenPRO in this browser. Sign in with the e-mail address and password you have just used.",
  // The invitation, once more
  inviteUsed: "This invitation has already been used. Please sign in to continue.",
} as const;

export type PublicPageKey = keyof typeof enPublic;
/** A translation of the public pages' texts: every key of enPublic, each an ICU message. */
export type PublicPageCatalogue = Record<PublicPageKey, string>;
