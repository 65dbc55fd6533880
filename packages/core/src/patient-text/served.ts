import type { PatientLanguage } from "./languages.js";

/**
 * Texts the server serves to a patient in their language (issue 31 §3), outside the screens'
 * catalogue: the consent a program shows when its staff wrote none (Markdown, like theirs), the
 * app's symptom-reminder notification, rendered when the patient reads it, and OpenPRO's own alert
 * messages (a program's default until its staff write theirs) with the line every alert message
 * ends with: whom to call (alertCallLine). Our own words, reviewed
 * as docs/translations.md says. ICU MessageFormat: {placeholders} are filled in by the server.
 */
const en = {
  defaultConsentMessage: `**Taking part is your choice.**

By taking part you agree that the care team of this program may see what you record in the OpenPRO app: symptoms, temperature, weight, medicines, activity and questionnaire answers.

- You can stop at any time, without giving a reason; your care does not change.
- Your data is used only as the privacy policy describes.`,
  symptomReminderTitle: "Time to log your symptoms",
  symptomReminderBody: "Please log: {symptoms}.",
  defaultSymptomAlertMessage:
    "You have told us about a severe symptom. Call your care team now. If you cannot reach them, or you feel very unwell, call the emergency number.",
  defaultTemperatureAlertMessage:
    "Your temperature is outside the safe range. A high temperature during cancer treatment can be a sign of a serious infection. Call your care team now, whatever the time.",
  alertCallTeam: "Call {team}. In an emergency call {emergency}.",
  alertCallYourTeam: "Call your care team now. In an emergency call {emergency}.",
  alertCallContact: "{name} on {phone}",
  alertCallTeamEither: "{first}, or {second}",
  alertCallEither: "{first} or {second}",
  alertEmergencyAmbulance: "{number} (ambulance)",
} as const;

export type PatientServedTextKey = keyof typeof en;

export const patientServedText: Record<PatientLanguage, Record<PatientServedTextKey, string>> = {
  en,
  de: {
    defaultConsentMessage: `**Die Teilnahme ist freiwillig.**

Wenn Sie teilnehmen, sind Sie einverstanden, dass das Behandlungsteam dieses Programms sieht, was Sie in der OpenPRO-App erfassen: Symptome, Temperatur, Gewicht, Medikamente, Aktivität und Antworten auf Fragebogen.

- Sie können jederzeit aufhören, ohne einen Grund anzugeben; Ihre Behandlung bleibt dieselbe.
- Ihre Daten werden nur so verwendet, wie es die Datenschutzerklärung beschreibt.`,
    symptomReminderTitle: "Zeit, Ihre Symptome zu erfassen",
    symptomReminderBody: "Bitte erfassen Sie: {symptoms}.",
    defaultSymptomAlertMessage:
      "Sie haben uns ein schweres Symptom gemeldet. Rufen Sie jetzt Ihr Behandlungsteam an. Wenn Sie es nicht erreichen oder sich sehr krank fühlen, rufen Sie den Notruf an.",
    defaultTemperatureAlertMessage:
      "Ihre Temperatur liegt ausserhalb des sicheren Bereichs. Eine erhöhte Temperatur während einer Krebsbehandlung kann ein Zeichen einer schweren Infektion sein. Rufen Sie jetzt Ihr Behandlungsteam an, zu jeder Uhrzeit.",
    alertCallTeam: "Rufen Sie {team} an. Im Notfall rufen Sie {emergency} an.",
    alertCallYourTeam: "Rufen Sie jetzt Ihr Behandlungsteam an. Im Notfall rufen Sie {emergency} an.",
    alertCallContact: "{name} unter {phone}",
    alertCallTeamEither: "{first} oder {second}",
    alertCallEither: "{first} oder {second}",
    alertEmergencyAmbulance: "{number} (Sanitätsnotruf)",
  },
  fr: {
    defaultConsentMessage: `**Participer est votre choix.**

En participant, vous acceptez que l’équipe soignante de ce programme voie ce que vous enregistrez dans l’app OpenPRO : symptômes, température, poids, médicaments, activité et réponses aux questionnaires.

- Vous pouvez arrêter à tout moment, sans donner de raison ; vos soins restent les mêmes.
- Vos données ne sont utilisées que comme le décrit la politique de confidentialité.`,
    symptomReminderTitle: "C’est le moment de noter vos symptômes",
    symptomReminderBody: "Veuillez noter : {symptoms}.",
    defaultSymptomAlertMessage:
      "Vous nous avez signalé un symptôme grave. Appelez votre équipe soignante maintenant. Si vous ne pouvez pas la joindre, ou si vous vous sentez très mal, appelez le numéro d’urgence.",
    defaultTemperatureAlertMessage:
      "Votre température est en dehors de la plage sûre. Une température élevée pendant un traitement contre le cancer peut être le signe d’une infection grave. Appelez votre équipe soignante maintenant, quelle que soit l’heure.",
    alertCallTeam: "Appelez {team}. En cas d’urgence, appelez le {emergency}.",
    alertCallYourTeam: "Appelez votre équipe soignante maintenant. En cas d’urgence, appelez le {emergency}.",
    alertCallContact: "{name} au {phone}",
    alertCallTeamEither: "{first}, ou {second}",
    alertCallEither: "{first} ou {second}",
    alertEmergencyAmbulance: "{number} (urgences sanitaires)",
  },
  it: {
    defaultConsentMessage: `**Partecipare è una Sua scelta.**

Partecipando, Lei accetta che l’équipe di cura di questo programma veda ciò che registra nell’app OpenPRO: sintomi, temperatura, peso, farmaci, attività e risposte ai questionari.

- Può smettere in qualsiasi momento, senza dare una ragione; le Sue cure restano le stesse.
- I Suoi dati sono usati solo come descritto nell’informativa sulla privacy.`,
    symptomReminderTitle: "È il momento di registrare i Suoi sintomi",
    symptomReminderBody: "Registri per favore: {symptoms}.",
    defaultSymptomAlertMessage:
      "Ci ha segnalato un sintomo grave. Chiami ora la Sua équipe di cura. Se non riesce a raggiungerla, o si sente molto male, chiami il numero di emergenza.",
    defaultTemperatureAlertMessage:
      "La Sua temperatura è fuori dall’intervallo sicuro. Una temperatura alta durante la cura del cancro può essere il segno di un’infezione grave. Chiami ora la Sua équipe di cura, a qualsiasi ora.",
    alertCallTeam: "Chiami {team}. In caso di emergenza chiami il {emergency}.",
    alertCallYourTeam: "Chiami ora la Sua équipe di cura. In caso di emergenza chiami il {emergency}.",
    alertCallContact: "{name} al numero {phone}",
    alertCallTeamEither: "{first}, o {second}",
    alertCallEither: "{first} o {second}",
    alertEmergencyAmbulance: "{number} (ambulanza)",
  },
  es: {
    defaultConsentMessage: `**Participar es su decisión.**

Al participar, usted acepta que el equipo de atención de este programa vea lo que registra en la app OpenPRO: síntomas, temperatura, peso, medicamentos, actividad y respuestas a cuestionarios.

- Puede dejarlo en cualquier momento, sin dar una razón; su atención no cambia.
- Sus datos se usan solo como lo describe la política de privacidad.`,
    symptomReminderTitle: "Es hora de registrar sus síntomas",
    symptomReminderBody: "Por favor, registre: {symptoms}.",
    defaultSymptomAlertMessage:
      "Nos ha informado de un síntoma grave. Llame ahora a su equipo de atención. Si no puede comunicarse con ellos, o se siente muy mal, llame al número de emergencias.",
    defaultTemperatureAlertMessage:
      "Su temperatura está fuera del rango seguro. Una temperatura alta durante el tratamiento del cáncer puede ser señal de una infección grave. Llame ahora a su equipo de atención, sea la hora que sea.",
    alertCallTeam: "Llame a {team}. En caso de emergencia, llame al {emergency}.",
    alertCallYourTeam: "Llame ahora a su equipo de atención. En caso de emergencia, llame al {emergency}.",
    alertCallContact: "{name} al {phone}",
    alertCallTeamEither: "{first}, o {second}",
    alertCallEither: "{first} o {second}",
    alertEmergencyAmbulance: "{number} (ambulancia)",
  },
};

/** A served text in `language`, its {placeholders} filled in (a placeholder without a value stays as written). */
export const servedTextIn = (
  language: PatientLanguage,
  key: PatientServedTextKey,
  values: Record<string, string> = {},
): string => patientServedText[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
