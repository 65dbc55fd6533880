import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { englishPatientText, type PatientTextKey } from "@openpro/core";

/**
 * What an English-reading patient sees, from core's catalogue (patient-text/en.ts) as the app's
 * Lingui fills it in: the journeys find the patient's screens by these words.
 */
const i18n = setupI18n().setMessagesCompiler(compileMessage);
i18n.load("en", englishPatientText);
i18n.activate("en");

export const patientSays = (key: PatientTextKey, values?: Record<string, string | number>): string =>
  i18n._(key, values);

export const patientWords = {
  ...englishPatientText,
  historyGrade: (label: string) => patientSays("historyGrade", { label }),
  historyTemperature: (value: string) => patientSays("historyTemperature", { value }),
  questionProgress: (n: number, total: number) => patientSays("questionProgress", { n, total }),
  questionnaireDue: (name: string) => patientSays("questionnaireDue", { name }),
  waitingToSend: (count: number) => patientSays("waitingToSend", { count }),
};
