import { afterAll, beforeAll } from "vitest";
import { programWithPatientInLanguage } from "./teams.js";
import { createTestApp, type TestApp } from "./test-app.js";

/**
 * The set-up of the patient-language stories (issue 31 §3): one app for the file (its set-up is the
 * slow part), its clock at noon on 4 March 2026, and `patientInLanguageProgram(territory, language)`,
 * each story's own world. Call it at the top of the file's `describe`; `app()` is the app once set up.
 */
export const languageStoryApp = () => {
  let t: TestApp;
  let programs = 0;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set("2026-03-04T12:00:00Z");
  });
  afterAll(() => t.close());

  /**
   * A hospital of its own ("Alpine Health N") with one program ("Oncology N") in `territory`, its admin
   * Callum and nurse Nia, and a patient who joined, consented and chose `language` in the app (see
   * programWithPatientInLanguage); with the program's alert settings to read and save, and the
   * patient's upload from the app.
   */
  const patientInLanguageProgram = async (territory: "CH" | "US", language: string) => {
    const world = await programWithPatientInLanguage(t, { n: ++programs, territory, language });
    const settingsUrl = `/api/v1/admin/projects/${world.programId}/alert-settings`;
    return {
      ...world,
      /** The program's alert settings, read as the admin unless another `token` is given. */
      settings: (token = world.admin.token) => t.request({ method: "GET", url: settingsUrl, token }),
      /** Saves the program's alert settings, as the admin unless another `token` is given. */
      saveSettings: (payload: object, token = world.admin.token) =>
        t.request({ method: "PUT", url: settingsUrl, token, payload }),
      /** The patient uploads logs from the app; the answer carries the alert messages to show. */
      upload: (logs: object[]) =>
        t.request({
          method: "POST",
          url: `/api/v1/user/projects/${world.programId}/logs`,
          token: world.patientToken,
          payload: { logs },
        }),
      /** A minute before the app's clock: when the uploaded logs were taken. */
      at: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    };
  };

  return { app: () => t, patientInLanguageProgram };
};
