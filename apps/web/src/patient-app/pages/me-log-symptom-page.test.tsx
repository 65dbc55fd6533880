import {
  type CurrentUser,
  ctcaeCatalogue,
  loadSymptomWords,
  type PatientLanguage,
  type PatientProgram,
  symptomGradeLabels,
} from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showPatientLanguage, t } from "../../lib/patient-text";
import { jsonResponse, renderWithProviders } from "../../test-utils";
import { answerLogUpload, patientAccount, patientProgram, programId, signInPatientAnswering } from "../test-support";
import { MeLogSymptomPage } from "./me-log-symptom-page";

/** The program the symptom is logged in: its heart nurses' number is the one to call. */
const program = (over: Partial<PatientProgram> = {}): PatientProgram =>
  patientProgram({
    careTeam: [
      {
        id: "c1",
        careTeamName: "Heart nurses",
        generalGuidance: "",
        hoursOfOperation: "24 hours",
        contactPhones: ["+44 20 7946 0000"],
        contactEmails: [],
      },
    ],
    ...over,
  });
const level = (id: string, grade: number) => ({
  id: `${id}-${grade}`,
  grade,
  label: symptomGradeLabels[grade],
  isDanger: grade >= 3,
});
const catalogue = [
  {
    logTypeId: "10028813",
    name: "Nausea",
    identifier: "10028813",
    ctcaeVersion: "5.0",
    category: "Gastrointestinal disorders",
  },
  {
    logTypeId: "10016256",
    name: "Fatigue",
    identifier: "10016256",
    ctcaeVersion: "5.0",
    category: "General disorders",
  },
].map((term) => ({ ...term, levels: [0, 1, 2, 3, 4].map((g) => level(term.logTypeId, g)) }));

/**
 * A signed-in patient of `program` (the heart nurses' one unless given) with the symptom catalogue
 * `symptoms`; the server answers their log uploads by `upload` (each created, no alert message).
 */
const loggingPatient = ({
  program: theirs = program(),
  symptoms = catalogue as readonly unknown[],
  account = patientAccount(),
  upload = answerLogUpload(),
}: {
  program?: PatientProgram;
  symptoms?: readonly unknown[];
  account?: CurrentUser;
  upload?: (init: RequestInit | undefined) => Response | Promise<Response>;
} = {}) =>
  signInPatientAnswering({
    programs: [theirs],
    account,
    answers: {
      "GET /api/v1/logs/types": () => jsonResponse(200, { results: symptoms }),
      [`POST /api/v1/user/projects/${programId}/logs`]: upload,
    },
  });

/** The labels of a radio group's choices, in their order. */
const choiceLabels = (group: HTMLElement) =>
  within(group)
    .getAllByRole("radio")
    .map((r) => r.closest("label")?.textContent);

const pickNauseaGrade3 = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole("searchbox", { name: t("symptomSearch") }), "nau");
  // The patient reads plain names; the CTCAE term ("Nausea") is what the upload names by its code.
  expect(screen.queryByRole("radio", { name: "Tiredness or lack of energy" })).toBeNull();
  await user.click(screen.getByRole("radio", { name: "Feeling sick (nausea)" }));
  const grades = screen.getByRole("radiogroup", { name: t("gradeQuestion", { symptom: "feeling sick (nausea)" }) });
  expect(choiceLabels(grades)).toEqual([
    "I don't have it",
    "It's there, but I eat and drink as usual",
    "Because of it I eat or drink less than usual",
    "Because of it I can hardly eat or drink",
    "I cannot eat or drink at all and need help right away",
  ]);
  // Grade 3 in the patient's words.
  await user.click(within(grades).getByRole("radio", { name: "Because of it I can hardly eat or drink" }));
};

describe("logging a symptom in the patient web app", () => {
  it("sends the symptom with a clientId and shows the program's alert message at once, with the number to call", async () => {
    const fetchMock = loggingPatient({
      upload: answerLogUpload([
        {
          kind: "symptom",
          logTypeId: "10028813",
          grade: 3,
          message: "Severe nausea: please call the 24-hour line now.",
        },
      ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
    expect(await screen.findByRole("heading", { level: 1, name: t("logSymptomTitle") })).toBeTruthy();
    await pickNauseaGrade3(user);
    await user.type(screen.getByRole("textbox", { name: t("note") }), "Since breakfast");
    await user.click(screen.getByRole("button", { name: t("save") }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Severe nausea: please call the 24-hour line now.");
    const call = within(alert).getByRole("link", {
      name: t("callCareTeam", { name: "Heart nurses", phone: "+44 20 7946 0000" }),
    });
    expect(call.getAttribute("href")).toBe("tel:+442079460000");
    expect(screen.getByRole("status").textContent).toContain(t("sent"));

    const upload = fetchMock.mock.calls.find(([url]) => url === `/api/v1/user/projects/${programId}/logs`);
    expect(new Headers(upload?.[1]?.headers).get("authorization")).toMatch(/^Bearer /);
    const body = JSON.parse(String(upload?.[1]?.body)) as { logs: Record<string, unknown>[] };
    expect(body.logs).toEqual([
      {
        clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        logClass: "SYMPTOMS",
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
        logTypeId: "10028813",
        grade: 3,
        note: "Since breakfast",
      },
    ]);
    // Acknowledged by the server: nothing is left waiting on the device.
    expect(screen.queryByText(t("waitingToSend", { count: 1 }))).toBeNull();
  });

  it("shows only the thank-you when the program has no alert message for that grade", async () => {
    loggingPatient();
    const user = userEvent.setup();
    renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
    await pickNauseaGrade3(user);
    await user.click(screen.getByRole("button", { name: t("save") }));
    expect((await screen.findByRole("status")).textContent).toContain(t("sent"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers no note when the program switched symptom notes off, and sends none", async () => {
    const fetchMock = loggingPatient({ program: program({ disabledNoteTypes: ["symptoms"] }) });
    const user = userEvent.setup();
    renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
    await pickNauseaGrade3(user);
    expect(screen.queryByRole("textbox", { name: t("note") })).toBeNull();
    await user.click(screen.getByRole("button", { name: t("save") }));
    await screen.findByRole("status");
    const upload = fetchMock.mock.calls.find(([url]) => url === `/api/v1/user/projects/${programId}/logs`);
    expect(JSON.parse(String(upload?.[1]?.body)).logs[0]).not.toHaveProperty("note");
  });

  it("keeps the log on the device when there is no network, and says so", async () => {
    loggingPatient({ upload: () => Promise.reject(new TypeError("Failed to fetch")) });
    const user = userEvent.setup();
    renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
    await pickNauseaGrade3(user);
    await user.click(screen.getByRole("button", { name: t("save") }));
    const statuses = async () => (await screen.findAllByRole("status")).map((s) => s.textContent);
    await vi.waitFor(async () =>
      expect(await statuses()).toEqual(expect.arrayContaining([t("waitingToSend", { count: 1 }), t("savedOffline")])),
    );
  });

  it("lists the program's prioritised symptoms first and finds symptoms by the words patients use", async () => {
    const dyspnea = "10013963";
    const ppe = "10054524";
    loggingPatient({ program: program({ prioritisedSymptoms: [ppe, dyspnea] }), symptoms: ctcaeCatalogue });
    const user = userEvent.setup();
    renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
    const list = await screen.findByRole("radiogroup", { name: t("symptomQuestion") });
    const names = () => choiceLabels(list);
    expect(names().slice(0, 3)).toEqual([
      "Sore, red or peeling hands or feet",
      "Shortness of breath",
      // Then the rest by plain name.
      "Acne-like rash or spots",
    ]);
    expect(names()).not.toContain("Dyspnea");
    const search = screen.getByRole("searchbox", { name: t("symptomSearch") });
    await user.type(search, "breath");
    expect(names()).toEqual(["Shortness of breath", "Wheezing"]);
    await user.clear(search);
    await user.type(search, "diarrhoea");
    expect(names()).toEqual(["Loose or watery stools (diarrhoea)"]);
    await user.clear(search);
    await user.type(search, "hair");
    expect(names()).toEqual(["Hair loss"]);
    // Hair loss offers only the grades CTCAE has for it (none is a severe grade).
    await user.click(screen.getByRole("radio", { name: "Hair loss" }));
    const grades = screen.getByRole("radiogroup", { name: t("gradeQuestion", { symptom: "hair loss" }) });
    expect(within(grades).getAllByRole("radio")).toHaveLength(3);
  });

  describe("in the patient's language", () => {
    afterEach(() => showPatientLanguage("en", null));
    /** The signed-in patient's account, which chose `language`. */
    const lena = (language: PatientLanguage) =>
      patientAccount({ firstName: "Lena", lastName: "Keller", email: "lena@example.ch", language });

    /** A signed-in patient of a Swiss program whose account reads German; answers the uploads. */
    const germanPatient = async (prioritisedSymptoms: string[] = []) => {
      // The language's words are a chunk of their own: fetched here, as the app does when it opens.
      await Promise.all([showPatientLanguage("de", "CH"), loadSymptomWords("de")]);
      return loggingPatient({
        program: program({ territory: "CH", prioritisedSymptoms }),
        symptoms: ctcaeCatalogue,
        account: lena("de"),
      });
    };
    const DYSPNEA = "10013963";

    it("a Swiss patient reading German sees the symptoms by German names, the program's first", async () => {
      await germanPatient([DYSPNEA]);
      renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
      const list = await screen.findByRole("radiogroup", { name: t("symptomQuestion") });
      // The labels' texts (read straight from the list: 63 rows are slow to query by role).
      const listed = [...list.querySelectorAll("label")].map((label) => label.textContent);
      expect(listed[0]).toBe("Atemnot");
      expect(listed).toEqual(expect.arrayContaining(["Haarausfall", "Nasenbluten", "Kopfschmerzen"]));
      expect(listed).not.toContain("Shortness of breath");
      expect(listed).not.toContain("Dyspnea");
    });

    it("a Swiss patient reading German finds a symptom by a German word and grades it in German; the upload keeps the CTCAE code and grade", async () => {
      const fetchMock = await germanPatient();
      const user = userEvent.setup();
      renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
      const search = await screen.findByRole("searchbox", { name: t("symptomSearch") });
      await user.type(search, "kurzatmig");
      const list = screen.getByRole("radiogroup", { name: t("symptomQuestion") });
      const found = within(list).getAllByRole("radio");
      expect(found.map((r) => r.closest("label")?.textContent)).toEqual(["Atemnot"]);
      await user.click(found[0]!);
      const grades = screen.getByRole("radiogroup", { name: t("gradeQuestion", { symptom: "Atemnot" }) });
      const choices = within(grades).getAllByRole("radio");
      expect(choices.map((r) => r.closest("label")?.textContent)).toEqual([
        "Ich habe es nicht",
        "Nur bei grosser Anstrengung, zum Beispiel wenn ich schnell Treppen steige",
        "Bei alltäglichen Dingen, zum Beispiel beim Gehen auf ebenem Weg",
        "Beim Waschen oder Anziehen",
        "Sogar in Ruhe, und ich brauche sofort Hilfe",
      ]);
      await user.click(choices[2]!);
      await user.click(screen.getByRole("button", { name: t("save") }));
      await screen.findByRole("status");
      const upload = fetchMock.mock.calls.find(([url]) => url === `/api/v1/user/projects/${programId}/logs`);
      expect(JSON.parse(String(upload?.[1]?.body)).logs[0]).toMatchObject({ logTypeId: DYSPNEA, grade: 2 });
    });

    it("a US patient reading Spanish finds symptoms typed without accents", async () => {
      await Promise.all([showPatientLanguage("es", "US"), loadSymptomWords("es")]);
      loggingPatient({ program: program({ territory: "US" }), symptoms: ctcaeCatalogue, account: lena("es") });
      const user = userEvent.setup();
      renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
      const list = await screen.findByRole("radiogroup", { name: t("symptomQuestion") });
      const names = () => choiceLabels(list);
      const search = screen.getByRole("searchbox", { name: t("symptomSearch") });
      await user.type(search, "caida del pelo");
      expect(names()).toEqual(["Caída del pelo"]);
      await user.clear(search);
      await user.type(search, "nariz");
      expect(names()).toEqual(["Sangrado por la nariz"]);
      await user.click(screen.getByRole("radio", { name: "Sangrado por la nariz" }));
      const grades = screen.getByRole("radiogroup", {
        name: t("gradeQuestion", { symptom: "sangrado por la nariz" }),
      });
      expect(within(grades).getAllByRole("radio")[0]?.closest("label")?.textContent).toBe("No lo tengo");
    });
  });

  it("sends a signed-out visitor to the sign-in page", async () => {
    const { router } = renderWithProviders(<MeLogSymptomPage />, { route: "/me/log/symptom" });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/me/login"));
  });
});
