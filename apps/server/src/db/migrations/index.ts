import type { Migration } from "kysely/migration";
import { foundation } from "./0001-foundation.js";
import { programsAndInvitations } from "./0002-programs-and-invitations.js";
import { patients } from "./0003-patients.js";
import { careTeam } from "./0004-care-team.js";
import { programSettings } from "./0005-program-settings.js";
import { patientData } from "./0006-patient-data.js";
import { security } from "./0007-security.js";
import { appointments } from "./0008-appointments.js";
import { programDashboard } from "./0009-program-dashboard.js";
import { questionnaireSettings } from "./0010-questionnaire-settings.js";
import { questionnaireDelivery } from "./0011-questionnaire-delivery.js";
import { alerts } from "./0012-alerts.js";
import { fhirExports } from "./0013-fhir-exports.js";
import { exportsMigration } from "./0014-exports.js";
import { auditChain } from "./0015-audit-chain.js";
import { perf } from "./0016-perf.js";
import { erasure } from "./0017-erasure.js";
import { questionnaireDeletion } from "./0018-questionnaire-deletion.js";
import { enrolmentDemographics } from "./0019-enrolment-demographics.js";
import { clinicalSafety } from "./0021-clinical-safety.js";
import { patientLanguage } from "./0023-patient-language.js";
import { fhirIntegration } from "./0024-fhir-integration.js";
import { worklist } from "./0025-worklist.js";
import { push } from "./0026-push.js";
import { doseUndo } from "./0027-dose-undo.js";
import { worklistLogDaysSummary } from "./0028-worklist-log-days-summary.js";
import { patientLanguageTexts } from "./0029-patient-language-texts.js";
import { alertMessageLanguages } from "./0030-alert-message-languages.js";
import { worklistQuestionnaireIndexes } from "./0031-worklist-questionnaire-indexes.js";
import { symptomAlertMessageLanguages } from "./0032-symptom-alert-message-languages.js";
import { worklistQuestionnaireSummary } from "./0033-worklist-questionnaire-summary.js";

/** Ordered by name; never edit a migration that has shipped, add a new one. */
export const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-programs-and-invitations": programsAndInvitations,
  "0003-patients": patients,
  "0004-care-team": careTeam,
  "0005-program-settings": programSettings,
  "0006-patient-data": patientData,
  "0007-security": security,
  "0008-appointments": appointments,
  "0009-program-dashboard": programDashboard,
  "0010-questionnaire-settings": questionnaireSettings,
  "0011-questionnaire-delivery": questionnaireDelivery,
  "0012-alerts": alerts,
  "0013-fhir-exports": fhirExports,
  "0014-exports": exportsMigration,
  "0015-audit-chain": auditChain,
  "0016-perf": perf,
  "0017-erasure": erasure,
  "0018-questionnaire-deletion": questionnaireDeletion,
  "0019-enrolment-demographics": enrolmentDemographics,
  "0021-clinical-safety": clinicalSafety,
  "0023-patient-language": patientLanguage,
  "0024-fhir-integration": fhirIntegration,
  "0025-worklist": worklist,
  "0026-push": push,
  "0027-dose-undo": doseUndo,
  "0028-worklist-log-days-summary": worklistLogDaysSummary,
  "0029-patient-language-texts": patientLanguageTexts,
  "0030-alert-message-languages": alertMessageLanguages,
  "0031-worklist-questionnaire-indexes": worklistQuestionnaireIndexes,
  "0032-symptom-alert-message-languages": symptomAlertMessageLanguages,
  "0033-worklist-questionnaire-summary": worklistQuestionnaireSummary,
};
