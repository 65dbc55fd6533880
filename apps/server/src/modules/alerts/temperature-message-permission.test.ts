import { describe, expect, it } from "vitest";
import { languageStoryApp } from "../../../test/language-stories.js";
import { changePermissions } from "../../../test/teams.js";

const FRENCH_TEMPERATURE = "Votre température est hors des limites : appelez l’équipe de soins.";
const FRENCH_SEVERE = "Vous avez signalé un symptôme grave. Appelez tout de suite les soins d’oncologie.";

/**
 * The temperature message's texts per language are part of the temperature thresholds' settings
 * (HAZ-004): an admin who may edit the severe-symptom settings but not the temperature thresholds
 * may not change them through the alert settings (403, nothing saved), as she may not change the
 * temperature message itself.
 */
describe("the temperature message's translations need the temperature thresholds' edit permission", () => {
  const stories = languageStoryApp();

  /** A Swiss program whose admin Callum keeps the severe-symptom settings but lost the temperature thresholds' edit flag. */
  const programWhoseAdminMayNotEditTemperature = async () => {
    const program = await stories.patientInLanguageProgram("CH", "de");
    await changePermissions(stories.app(), program.admin.id, {
      revoke: ["edit_project_temperature_severity_threshold"],
    });
    return program;
  };

  it("refuses a changed temperature text with 403 and saves nothing of the request", async () => {
    const program = await programWhoseAdminMayNotEditTemperature();
    const refused = await program.saveSettings({
      escalationMinutes: 90,
      severeSymptomMessageTranslations: { fr: FRENCH_SEVERE },
      temperatureMessageTranslations: { fr: FRENCH_TEMPERATURE },
    });
    expect(refused.statusCode).toBe(403);
    const after = (await program.settings()).json();
    // Neither the delay nor the severe-symptom text of the refused request was saved.
    expect(after.escalationMinutes).not.toBe(90);
    expect(after.severeSymptomMessageTranslations).toEqual({});
  });

  it("lets the same admin save the severe-symptom texts and the delay when the temperature texts are left as they are", async () => {
    const program = await programWhoseAdminMayNotEditTemperature();
    const saved = await program.saveSettings({
      escalationMinutes: 90,
      severeSymptomMessageTranslations: { fr: FRENCH_SEVERE },
      // The texts it already has (none): not a change.
      temperatureMessageTranslations: {},
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      escalationMinutes: 90,
      severeSymptomMessageTranslations: { fr: FRENCH_SEVERE },
    });
  });

  it("saves the temperature text once the admin holds the temperature thresholds' edit permission again", async () => {
    const program = await programWhoseAdminMayNotEditTemperature();
    await changePermissions(stories.app(), program.admin.id, {
      grant: ["edit_project_temperature_severity_threshold"],
    });
    const saved = await program.saveSettings({
      escalationMinutes: 60,
      temperatureMessageTranslations: { fr: FRENCH_TEMPERATURE },
    });
    expect(saved.statusCode).toBe(200);
    expect((await program.settings()).json().temperatureMessageTranslations).toEqual({ fr: FRENCH_TEMPERATURE });
  });
});
