import { type PatientLanguage, patientGradeChoices, patientServedText } from "@openpro/core";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newPhoneContext } from "./support/browser.js";
import { demoProgramId, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD, expectAccessible, expectHeading, expectVisible } from "./support/journeys.js";
import { englishOnScreen, patientLanguage } from "./support/patient-language.js";

const SWISS_PROGRAM = "Swiss Melanoma Survivorship";
const US_PROGRAM = "Colorectal Chemotherapy PRO";
const DYSPNEA = "10013963";
const PASSWORD = "Matterhorn-Sunrise-2026!";
/** Eight screens, each scanned by axe and read for English: longer than one screen's journey. */
const JOURNEY_TIMEOUT = 360_000;
/** A text of the catalogue as a pattern that finds it inside a longer name ("?" is a question mark). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Who joins, where, in which language, and the words they type to find their breathlessness. */
interface Patient {
  firstName: string;
  lastName: string;
  email: string;
  /** The phone's languages, most preferred first: the program's territory offers the first. */
  locale: string;
  language: PatientLanguage;
  program: string;
  /** What the patient types to find "shortness of breath". */
  typed: string;
}

/**
 * Patients of the demo's Swiss and US programs, on their phones (390 × 844), from the care team's
 * invitation to a logged symptom, every screen in the phone's language: the invitation, sign-up,
 * consent, about you, get-the-app, the app's sign-in, home and symptom screens. Each screen passes
 * axe and shows none of the catalogue's English (nor an English symptom name or grade choice); the
 * care team then reads the symptom by its CTCAE term and grade.
 */
describe("a patient joins and logs a symptom in their own language, on their phone", () => {
  const journey = useProduct();
  const { mail, product, call, staffSignIn } = journey;
  let staff = "";

  beforeAll(async () => {
    // Lakeside's nurse enrols the patients of its Boston and Zurich programs.
    staff = await staffSignIn("lakeside.nurse@openpro.demo", DEMO_PASSWORD);
  });

  const newPhone = async (locale: string): Promise<Page> =>
    (await newPhoneContext(journey.browser, product.baseUrl, locale)).newPage();

  /**
   * axe, the page's language, and no English of our catalogues on the screen, the program's own
   * texts (`staffWritten`) aside.
   */
  const checkScreen = async (phone: Page, language: PatientLanguage, name: string, staffWritten: string[] = []) => {
    await expectAccessible(phone, name);
    expect(await phone.evaluate(() => document.documentElement.lang), `lang of ${name}`).toBe(language);
    // Longer words than English still fit the phone: nothing is pushed off to the side.
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      `${name} scrolls sideways`,
    ).toBe(true);
    expect(await englishOnScreen(phone, language, staffWritten), `English left on ${name} (${phone.url()})`).toEqual(
      [],
    );
  };

  const joinAndLogBreathlessness = async (patient: Patient) => {
    const { say, words, language } = await patientLanguage(patient.language);
    const programId = await demoProgramId(call, staff, patient.program);
    const shot = (screen: string) => `lang-${language}-${screen}`;

    // The nurse adds the patient; the invitation goes out by e-mail.
    const before = mail.mails.length;
    const added = await call("POST", "/api/v1/users", {
      token: staff,
      body: {
        firstName: patient.firstName,
        lastName: patient.lastName,
        email: patient.email,
        patientIdType: "hospital_id",
        patientId: `H-${patient.lastName.toUpperCase()}-1`,
        projectId: programId,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const invitation = await mail.waitFor(patient.email, /./, before);
    const link = invitation.text.match(/https?:\/\/\S+\/invite\/[\w-]+/)?.[0];
    expect(link, invitation.text).toBeDefined();

    // The invitation, on the phone: the sign-up.
    const phone = await newPhone(patient.locale);
    await phone.goto(link!);
    const signUp = phone.getByRole("form", { name: say("createAccount") });
    await expectVisible(signUp);
    await checkScreen(phone, language, shot("invite"));
    await signUp.locator('input[name="firstName"]').fill(patient.firstName);
    await signUp.locator('input[name="lastName"]').fill(patient.lastName);
    await signUp.locator('input[name="email"]').fill(patient.email);
    await signUp.locator('input[name="password"]').fill(PASSWORD);
    await signUp.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await signUp.getByRole("checkbox", { name: new RegExp(say("licenceAgreement"), "i") }).check();
    await signUp.getByRole("checkbox", { name: new RegExp(say("privacyPolicy"), "i") }).check();
    await signUp.getByRole("button", { name: say("createAccount") }).click();

    // Consent.
    await phone.waitForURL(/\/auth-consent\//);
    await expectHeading(phone, say("consentTitle"));
    // The consent message too: the demo programs wrote none, so the server's own is shown, in the
    // patient's language (issue 31 §3).
    await expectVisible(phone.getByText(patientServedText[language].defaultConsentMessage.split("\n\n")[1]!));
    await checkScreen(phone, language, shot("consent"));
    await phone.getByRole("checkbox", { name: say("consentAgree") }).check();
    await phone.getByRole("button", { name: say("participate"), exact: true }).click();

    // About you.
    await phone.waitForURL(/\/demographic-info/);
    await expectHeading(phone, say("aboutYouTitle"));
    await checkScreen(phone, language, shot("about-you"));
    await phone.getByRole("radio", { name: say("sexFemale"), exact: true }).check();
    await phone.getByLabel(say("dateOfBirth")).fill("1958-09-23");
    await phone.getByRole("button", { name: say("openTheApp"), exact: true }).click();

    // Get the app: on a phone, the app or OpenPRO in the browser.
    await phone.waitForURL(/\/get-the-app/);
    await checkScreen(phone, language, shot("get-the-app"));
    await phone.getByRole("link", { name: say("useInBrowser"), exact: true }).click();

    // The app: signed in with the account just made, if it asks.
    await phone.waitForURL(/\/me/);
    const firstScreen = phone.getByRole("heading", { level: 1 });
    await expectVisible(firstScreen.filter({ hasText: new RegExp(`^(${say("homeTitle")}|${say("signInTitle")})$`) }));
    if ((await firstScreen.first().innerText()) === say("signInTitle")) {
      await checkScreen(phone, language, shot("me-login"));
      await phone.getByRole("textbox", { name: say("email") }).fill(patient.email);
      await phone.getByLabel(new RegExp(`^${say("password")}`)).fill(PASSWORD);
      await phone.getByRole("button", { name: say("signInButton"), exact: true }).click();
      await phone.waitForURL(/\/me$/);
    }
    await expectHeading(phone, say("homeTitle"));
    // The home once loaded: the program, the care team and the way to log.
    await expectVisible(phone.getByRole("link", { name: containing(say("howAreYou")) }));
    await checkScreen(phone, language, shot("me-home"));

    // Breathlessness, found by the patient's own word and graded in the patient's words.
    await phone.getByRole("link", { name: containing(say("howAreYou")) }).click();
    await phone.waitForURL(/\/me\/log\/symptom/);
    await expectHeading(phone, say("logSymptomTitle"));
    await checkScreen(phone, language, shot("me-symptom"));
    await phone.getByRole("searchbox", { name: say("symptomSearch") }).fill(patient.typed);
    await phone.getByRole("radio", { name: words.symptoms[DYSPNEA]!.name, exact: true }).check();
    const ordinaryThings = patientGradeChoices(DYSPNEA, words)[2]!.label;
    await phone.getByRole("radio", { name: ordinaryThings, exact: true }).check();
    await checkScreen(phone, language, shot("me-symptom-graded"));
    await phone.getByRole("button", { name: say("save"), exact: true }).click();
    await expectVisible(phone.getByRole("status").filter({ hasText: say("sent") }));
    await checkScreen(phone, language, shot("me-symptom-sent"));

    // The care team reads it as CTCAE has it: the term, the code and the grade.
    const enrolled = await call("GET", `/api/v1/admin/projects/${programId}/users?_perPage=100`, { token: staff });
    const patientId = (enrolled.body.results as { id: string; email: string }[]).find(
      (p) => p.email === patient.email,
    )?.id;
    expect(patientId).toBeDefined();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await call(
      "GET",
      `/api/v1/pro-dashboard/projects/${programId}/users/${patientId}/reports?startDate=${day(-1)}&endDate=${day(1)}`,
      { token: staff },
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const logged = (
      report.body.symptoms as { log: { logTypeId: string; name: string }; items: { data: { grade: number } }[] }[]
    ).find((group) => group.log.logTypeId === DYSPNEA);
    expect(logged?.log.name).toBe("Dyspnea");
    expect(logged?.items.map((item) => item.data.grade)).toEqual([2]);
  };

  it(
    "a Swiss patient reading German, from the invitation to a logged symptom",
    async () => {
      await joinAndLogBreathlessness({
        firstName: "Heidi",
        lastName: "Brunner",
        email: "heidi.brunner@example.ch",
        locale: "de-CH",
        language: "de",
        program: SWISS_PROGRAM,
        typed: "kurzatmig",
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "a Swiss patient reading French, from the invitation to a logged symptom",
    async () => {
      await joinAndLogBreathlessness({
        firstName: "Céline",
        lastName: "Rochat",
        email: "celine.rochat@example.ch",
        locale: "fr-CH",
        language: "fr",
        program: SWISS_PROGRAM,
        typed: "essouflement",
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "a US patient reading Spanish, from the invitation to a logged symptom",
    async () => {
      await joinAndLogBreathlessness({
        firstName: "Lucía",
        lastName: "Ramírez",
        email: "lucia.ramirez@example.com",
        locale: "es-US",
        language: "es",
        program: US_PROGRAM,
        typed: "falta de aire",
      });
    },
    JOURNEY_TIMEOUT,
  );
});
