import type { PatientLanguage } from "./languages.js";

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
  inviteSubject: "You are invited to {program}",
  inviteReminderSubject: "Reminder: you are invited to {program}",
  invited: "Your care team has invited you to take part in {program} with the OpenPRO app.",
  inviteSignIn: "Open the link and sign in with your OpenPRO account to join.",
  inviteCreate: "Open the link to create your account, read the consent information and join.",
  invitePersonal:
    "The link is personal: do not forward it. It expires {days, plural, one {# day} other {# days}} after it was first sent.",
  openInvitation: "Open my invitation",
  inviteReminderFooter:
    "You receive this reminder because the invitation is not accepted yet. Stop these e-mails: {url}",
  symptomReminderSubject: "Reminder: log your symptoms for {program}",
  symptomReminder: "Your care team asks you to log these symptoms in the OpenPRO app today: {symptoms}.",
  symptomReminderHow: "Open the app and add a symptom log, even when you did not experience the symptom.",
  symptomReminderFooter: "You receive this reminder because you take part in {program}. Stop these e-mails: {url}",
  yourCode: "Your code: {code}",
  resetSubject: "Reset your OpenPRO password",
  resetAsked:
    "Someone asked to reset the password of your OpenPRO account. The code expires in {minutes, plural, one {# minute} other {# minutes}}.",
  enterCode: "Enter the code",
  resetFooter: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  passwordChangedSubject: "Your OpenPRO password was changed",
  passwordChanged: "The password of your OpenPRO account was just changed and every session was signed out.",
  passwordChangedFooter: "If this was not you, contact your care team at once.",
  emailChangedSubject: "The e-mail address of your OpenPRO account was changed",
  emailChanged: "The e-mail address you sign in with was changed to {email}. This address no longer signs you in.",
  emailChangedFooter: "If you did not ask for this, contact your care team at once.",
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
    inviteSubject: "Einladung zu {program}",
    inviteReminderSubject: "Erinnerung: Sie sind zu {program} eingeladen",
    invited: "Ihr Behandlungsteam lädt Sie ein, mit der OpenPRO-App an {program} teilzunehmen.",
    inviteSignIn: "Öffnen Sie den Link und melden Sie sich mit Ihrem OpenPRO-Konto an, um teilzunehmen.",
    inviteCreate:
      "Öffnen Sie den Link, um Ihr Konto zu erstellen, die Informationen zur Einwilligung zu lesen und teilzunehmen.",
    invitePersonal:
      "Der Link ist persönlich: Bitte leiten Sie ihn nicht weiter. Er läuft {days, plural, one {# Tag} other {# Tage}} nach dem ersten Versand ab.",
    openInvitation: "Meine Einladung öffnen",
    inviteReminderFooter:
      "Sie erhalten diese Erinnerung, weil die Einladung noch nicht angenommen ist. Diese E-Mails abbestellen: {url}",
    symptomReminderSubject: "Erinnerung: Tragen Sie Ihre Symptome für {program} ein",
    symptomReminder: "Ihr Behandlungsteam bittet Sie, heute diese Symptome in der OpenPRO-App einzutragen: {symptoms}.",
    symptomReminderHow: "Öffnen Sie die App und tragen Sie ein Symptom ein, auch wenn Sie das Symptom nicht hatten.",
    symptomReminderFooter:
      "Sie erhalten diese Erinnerung, weil Sie an {program} teilnehmen. Diese E-Mails abbestellen: {url}",
    yourCode: "Ihr Code: {code}",
    resetSubject: "Ihr OpenPRO-Passwort zurücksetzen",
    resetAsked:
      "Jemand möchte das Passwort Ihres OpenPRO-Kontos zurücksetzen. Der Code ist {minutes, plural, one {# Minute} other {# Minuten}} gültig.",
    enterCode: "Code eingeben",
    resetFooter: "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.",
    passwordChangedSubject: "Ihr OpenPRO-Passwort wurde geändert",
    passwordChanged: "Das Passwort Ihres OpenPRO-Kontos wurde soeben geändert, und Sie wurden überall abgemeldet.",
    passwordChangedFooter: "Wenn Sie das nicht waren, wenden Sie sich sofort an Ihr Behandlungsteam.",
    emailChangedSubject: "Die E-Mail-Adresse Ihres OpenPRO-Kontos wurde geändert",
    emailChanged:
      "Die E-Mail-Adresse, mit der Sie sich anmelden, wurde in {email} geändert. Mit dieser Adresse können Sie sich nicht mehr anmelden.",
    emailChangedFooter: "Wenn Sie das nicht veranlasst haben, wenden Sie sich sofort an Ihr Behandlungsteam.",
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
    inviteSubject: "Vous êtes invité(e) à {program}",
    inviteReminderSubject: "Rappel : vous êtes invité(e) à {program}",
    invited: "Votre équipe soignante vous invite à participer à {program} avec l’application OpenPRO.",
    inviteSignIn: "Ouvrez le lien et connectez-vous avec votre compte OpenPRO pour participer.",
    inviteCreate: "Ouvrez le lien pour créer votre compte, lire les informations sur le consentement et participer.",
    invitePersonal:
      "Ce lien est personnel : ne le transférez pas. Il expire {days, plural, one {# jour} other {# jours}} après son premier envoi.",
    openInvitation: "Ouvrir mon invitation",
    inviteReminderFooter:
      "Vous recevez ce rappel parce que l’invitation n’a pas encore été acceptée. Arrêter ces e-mails : {url}",
    symptomReminderSubject: "Rappel : notez vos symptômes pour {program}",
    symptomReminder:
      "Votre équipe soignante vous demande de noter aujourd’hui ces symptômes dans l’application OpenPRO : {symptoms}.",
    symptomReminderHow: "Ouvrez l’application et notez un symptôme, même si vous ne l’avez pas ressenti.",
    symptomReminderFooter: "Vous recevez ce rappel parce que vous participez à {program}. Arrêter ces e-mails : {url}",
    yourCode: "Votre code : {code}",
    resetSubject: "Réinitialiser votre mot de passe OpenPRO",
    resetAsked:
      "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte OpenPRO. Le code expire dans {minutes, plural, one {# minute} other {# minutes}}.",
    enterCode: "Saisir le code",
    resetFooter: "Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste le même.",
    passwordChangedSubject: "Votre mot de passe OpenPRO a été modifié",
    passwordChanged:
      "Le mot de passe de votre compte OpenPRO vient d’être modifié et vous avez été déconnecté(e) partout.",
    passwordChangedFooter: "Si ce n’était pas vous, contactez immédiatement votre équipe soignante.",
    emailChangedSubject: "L’adresse e-mail de votre compte OpenPRO a été modifiée",
    emailChanged:
      "L’adresse e-mail avec laquelle vous vous connectez a été remplacée par {email}. Cette adresse-ci ne permet plus de vous connecter.",
    emailChangedFooter: "Si vous n’avez rien demandé, contactez immédiatement votre équipe soignante.",
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
    inviteSubject: "È invitato/a a {program}",
    inviteReminderSubject: "Promemoria: è invitato/a a {program}",
    invited: "La Sua équipe di cura La invita a partecipare a {program} con l’app OpenPRO.",
    inviteSignIn: "Apra il link e acceda con il Suo account OpenPRO per partecipare.",
    inviteCreate: "Apra il link per creare il Suo account, leggere le informazioni sul consenso e partecipare.",
    invitePersonal:
      "Il link è personale: non lo inoltri. Scade {days, plural, one {# giorno} other {# giorni}} dopo il primo invio.",
    openInvitation: "Apri il mio invito",
    inviteReminderFooter:
      "Riceve questo promemoria perché l’invito non è ancora stato accettato. Interrompere queste e-mail: {url}",
    symptomReminderSubject: "Promemoria: registri i Suoi sintomi per {program}",
    symptomReminder: "La Sua équipe di cura Le chiede di registrare oggi questi sintomi nell’app OpenPRO: {symptoms}.",
    symptomReminderHow: "Apra l’app e registri un sintomo, anche se non lo ha avuto.",
    symptomReminderFooter: "Riceve questo promemoria perché partecipa a {program}. Interrompere queste e-mail: {url}",
    yourCode: "Il Suo codice: {code}",
    resetSubject: "Reimposti la Sua password OpenPRO",
    resetAsked:
      "Qualcuno ha chiesto di reimpostare la password del Suo account OpenPRO. Il codice scade tra {minutes, plural, one {# minuto} other {# minuti}}.",
    enterCode: "Inserisci il codice",
    resetFooter: "Se non ha chiesto nulla, ignori questa e-mail: la Sua password resta invariata.",
    passwordChangedSubject: "La Sua password OpenPRO è stata cambiata",
    passwordChanged: "La password del Suo account OpenPRO è appena stata cambiata e ogni sessione è stata chiusa.",
    passwordChangedFooter: "Se non è stato Lei, contatti subito la Sua équipe di cura.",
    emailChangedSubject: "L’indirizzo e-mail del Suo account OpenPRO è stato cambiato",
    emailChanged:
      "L’indirizzo e-mail con cui accede è stato cambiato in {email}. Con questo indirizzo non può più accedere.",
    emailChangedFooter: "Se non lo ha chiesto Lei, contatti subito la Sua équipe di cura.",
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
    inviteSubject: "Está invitado/a a {program}",
    inviteReminderSubject: "Recordatorio: está invitado/a a {program}",
    invited: "Su equipo de atención lo/la invita a participar en {program} con la aplicación OpenPRO.",
    inviteSignIn: "Abra el enlace e inicie sesión con su cuenta de OpenPRO para participar.",
    inviteCreate: "Abra el enlace para crear su cuenta, leer la información del consentimiento y participar.",
    invitePersonal:
      "El enlace es personal: no lo reenvíe. Vence {days, plural, one {# día} other {# días}} después de su primer envío.",
    openInvitation: "Abrir mi invitación",
    inviteReminderFooter:
      "Recibe este recordatorio porque todavía no aceptó la invitación. Dejar de recibir estos correos: {url}",
    symptomReminderSubject: "Recordatorio: registre sus síntomas para {program}",
    symptomReminder:
      "Su equipo de atención le pide que registre hoy estos síntomas en la aplicación OpenPRO: {symptoms}.",
    symptomReminderHow: "Abra la aplicación y registre un síntoma, aunque no lo haya tenido.",
    symptomReminderFooter:
      "Recibe este recordatorio porque participa en {program}. Dejar de recibir estos correos: {url}",
    yourCode: "Su código: {code}",
    resetSubject: "Restablezca su contraseña de OpenPRO",
    resetAsked:
      "Alguien pidió restablecer la contraseña de su cuenta de OpenPRO. El código vence en {minutes, plural, one {# minuto} other {# minutos}}.",
    enterCode: "Ingresar el código",
    resetFooter: "Si usted no lo pidió, ignore este correo: su contraseña sigue igual.",
    passwordChangedSubject: "Se cambió su contraseña de OpenPRO",
    passwordChanged: "Se acaba de cambiar la contraseña de su cuenta de OpenPRO y se cerraron todas las sesiones.",
    passwordChangedFooter: "Si no fue usted, comuníquese de inmediato con su equipo de atención.",
    emailChangedSubject: "Se cambió la dirección de correo de su cuenta de OpenPRO",
    emailChanged:
      "La dirección de correo con la que inicia sesión se cambió a {email}. Esta dirección ya no le permite iniciar sesión.",
    emailChangedFooter: "Si usted no lo pidió, comuníquese de inmediato con su equipo de atención.",
  },
};
