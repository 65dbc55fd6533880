import type { PatientLanguage } from "../rules/patient-language.js";

/**
 * Texts the server serves to a patient in their language (issue 31 §3), outside the screens'
 * catalogue: the consent a program shows when its staff wrote none (Markdown, like theirs), and the
 * app's symptom-reminder notification, rendered when the patient reads it. Our own words, reviewed
 * as docs/translations.md says. ICU MessageFormat: {placeholders} are filled in by the server.
 */
const en = {
  defaultConsentMessage: `**Taking part is your choice.**

By taking part you agree that the care team of this program may see what you record in the OpenPRO app: symptoms, temperature, weight, medicines, activity and questionnaire answers.

- You can stop at any time, without giving a reason; your care does not change.
- Your data is used only as the privacy policy describes.`,
  symptomReminderTitle: "Time to log your symptoms",
  symptomReminderBody: "Please log: {symptoms}.",
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
  },
  fr: {
    defaultConsentMessage: `**Participer est votre choix.**

En participant, vous acceptez que l’équipe soignante de ce programme voie ce que vous enregistrez dans l’app OpenPRO : symptômes, température, poids, médicaments, activité et réponses aux questionnaires.

- Vous pouvez arrêter à tout moment, sans donner de raison ; vos soins restent les mêmes.
- Vos données ne sont utilisées que comme le décrit la politique de confidentialité.`,
    symptomReminderTitle: "C’est le moment de noter vos symptômes",
    symptomReminderBody: "Veuillez noter : {symptoms}.",
  },
  it: {
    defaultConsentMessage: `**Partecipare è una Sua scelta.**

Partecipando, Lei accetta che l’équipe di cura di questo programma veda ciò che registra nell’app OpenPRO: sintomi, temperatura, peso, farmaci, attività e risposte ai questionari.

- Può smettere in qualsiasi momento, senza dare una ragione; le Sue cure restano le stesse.
- I Suoi dati sono usati solo come descritto nell’informativa sulla privacy.`,
    symptomReminderTitle: "È il momento di registrare i Suoi sintomi",
    symptomReminderBody: "Registri per favore: {symptoms}.",
  },
  es: {
    defaultConsentMessage: `**Participar es su decisión.**

Al participar, usted acepta que el equipo de atención de este programa vea lo que registra en la app OpenPRO: síntomas, temperatura, peso, medicamentos, actividad y respuestas a cuestionarios.

- Puede dejarlo en cualquier momento, sin dar una razón; su atención no cambia.
- Sus datos se usan solo como lo describe la política de privacidad.`,
    symptomReminderTitle: "Es hora de registrar sus síntomas",
    symptomReminderBody: "Por favor, registre: {symptoms}.",
  },
};
