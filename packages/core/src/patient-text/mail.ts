import type { PatientLanguage } from "../rules/patient-language.js";

/**
 * The e-mails to a patient, in each language (ICU messages, like the screens' catalogue): a patient's
 * e-mail goes out in the account's language, else the program territory's default. Our own words,
 * reviewed as docs/translations.md says.
 */
const en = {
  greeting: "Hello {name},",
  sentBy: "This message was sent by OpenPRO. If you did not expect it, you can ignore it.",
  questionnaireDueSubject:
    "{count, plural, one {You have a questionnaire to complete for {program}} other {You have # questionnaires to complete for {program}}}",
  questionnaireReminderSubject:
    "{count, plural, one {Reminder: a questionnaire from {program} closes soon} other {Reminder: # questionnaires from {program} close soon}}",
  questionnaireDue:
    "{count, plural, one {Your care team has sent you a questionnaire in {program}.} other {Your care team has sent you # questionnaires in {program}.}}",
  questionnaireReminder:
    "{count, plural, one {You have a questionnaire from {program} still to complete. It closes soon.} other {You have # questionnaires from {program} still to complete. They close soon.}}",
  openTheApp: "Please open the OpenPRO app to answer.",
  questionnaireFooter:
    "You receive these e-mails because you take part in {program}. Stop questionnaire e-mails: {url}",
} as const;

export type PatientMailKey = keyof typeof en;

export const patientMailText: Record<PatientLanguage, Record<PatientMailKey, string>> = {
  en,
  de: {
    greeting: "Guten Tag {name}",
    sentBy: "Diese Nachricht wurde von OpenPRO gesendet. Wenn Sie sie nicht erwartet haben, können Sie sie ignorieren.",
    questionnaireDueSubject:
      "{count, plural, one {Sie haben einen Fragebogen für {program} auszufüllen} other {Sie haben # Fragebogen für {program} auszufüllen}}",
    questionnaireReminderSubject:
      "{count, plural, one {Erinnerung: Ein Fragebogen von {program} schliesst bald} other {Erinnerung: # Fragebogen von {program} schliessen bald}}",
    questionnaireDue:
      "{count, plural, one {Ihr Behandlungsteam hat Ihnen in {program} einen Fragebogen gesendet.} other {Ihr Behandlungsteam hat Ihnen in {program} # Fragebogen gesendet.}}",
    questionnaireReminder:
      "{count, plural, one {Ein Fragebogen von {program} ist noch auszufüllen. Er schliesst bald.} other {# Fragebogen von {program} sind noch auszufüllen. Sie schliessen bald.}}",
    openTheApp: "Bitte öffnen Sie die OpenPRO-App, um zu antworten.",
    questionnaireFooter:
      "Sie erhalten diese E-Mails, weil Sie an {program} teilnehmen. Fragebogen-E-Mails abbestellen: {url}",
  },
  fr: {
    greeting: "Bonjour {name},",
    sentBy: "Ce message a été envoyé par OpenPRO. Si vous ne l’attendiez pas, vous pouvez l’ignorer.",
    questionnaireDueSubject:
      "{count, plural, one {Vous avez un questionnaire à remplir pour {program}} other {Vous avez # questionnaires à remplir pour {program}}}",
    questionnaireReminderSubject:
      "{count, plural, one {Rappel : un questionnaire de {program} se termine bientôt} other {Rappel : # questionnaires de {program} se terminent bientôt}}",
    questionnaireDue:
      "{count, plural, one {Votre équipe soignante vous a envoyé un questionnaire dans {program}.} other {Votre équipe soignante vous a envoyé # questionnaires dans {program}.}}",
    questionnaireReminder:
      "{count, plural, one {Il vous reste un questionnaire de {program} à remplir. Il se termine bientôt.} other {Il vous reste # questionnaires de {program} à remplir. Ils se terminent bientôt.}}",
    openTheApp: "Veuillez ouvrir l’application OpenPRO pour répondre.",
    questionnaireFooter:
      "Vous recevez ces e-mails parce que vous participez à {program}. Arrêter les e-mails de questionnaires : {url}",
  },
  it: {
    greeting: "Buongiorno {name},",
    sentBy: "Questo messaggio è stato inviato da OpenPRO. Se non se lo aspettava, può ignorarlo.",
    questionnaireDueSubject:
      "{count, plural, one {Ha un questionario da compilare per {program}} other {Ha # questionari da compilare per {program}}}",
    questionnaireReminderSubject:
      "{count, plural, one {Promemoria: un questionario di {program} scade presto} other {Promemoria: # questionari di {program} scadono presto}}",
    questionnaireDue:
      "{count, plural, one {La Sua équipe di cura Le ha inviato un questionario in {program}.} other {La Sua équipe di cura Le ha inviato # questionari in {program}.}}",
    questionnaireReminder:
      "{count, plural, one {Ha ancora un questionario di {program} da compilare. Scade presto.} other {Ha ancora # questionari di {program} da compilare. Scadono presto.}}",
    openTheApp: "Apra l’app OpenPRO per rispondere.",
    questionnaireFooter:
      "Riceve queste e-mail perché partecipa a {program}. Interrompere le e-mail dei questionari: {url}",
  },
  es: {
    greeting: "Hola, {name}:",
    sentBy: "Este mensaje lo envió OpenPRO. Si no lo esperaba, puede ignorarlo.",
    questionnaireDueSubject:
      "{count, plural, one {Tiene un cuestionario por llenar para {program}} other {Tiene # cuestionarios por llenar para {program}}}",
    questionnaireReminderSubject:
      "{count, plural, one {Recordatorio: un cuestionario de {program} cierra pronto} other {Recordatorio: # cuestionarios de {program} cierran pronto}}",
    questionnaireDue:
      "{count, plural, one {Su equipo de atención le envió un cuestionario en {program}.} other {Su equipo de atención le envió # cuestionarios en {program}.}}",
    questionnaireReminder:
      "{count, plural, one {Todavía tiene un cuestionario de {program} por llenar. Cierra pronto.} other {Todavía tiene # cuestionarios de {program} por llenar. Cierran pronto.}}",
    openTheApp: "Abra la aplicación OpenPRO para responder.",
    questionnaireFooter:
      "Recibe estos correos porque participa en {program}. Dejar de recibir correos de cuestionarios: {url}",
  },
};
