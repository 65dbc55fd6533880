import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { t } from "../../lib/patient-text";
import { jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { programId, signInPatient } from "../test-support";
import { MeQuestionnairePage } from "./me-questionnaire-page";

const eventId = "44444444-4444-4444-8444-444444444444";
const url = `/api/v1/user/projects/${programId}/questionnaire-events/${eventId}`;

/** Pain? Yes goes on to "how strong", No jumps to "sleep"; "how strong" is optional. */
const scheme = {
  title: "Check-in",
  questions: [
    {
      id: "pain",
      index: 1,
      type: "choice",
      title: "Any pain today?",
      required: true,
      data: {
        answers: [
          { label: "Yes", value: "yes" },
          { label: "No", value: "no", nextQuestion: "sleep" },
        ],
      },
    },
    { id: "strength", index: 2, type: "freeText", title: "How strong was it?", required: false, data: {} },
    {
      id: "sleep",
      index: 3,
      type: "choice",
      title: "Did you sleep well?",
      required: true,
      data: {
        answers: [
          { label: "Well", value: 1 },
          { label: "Badly", value: 0 },
        ],
      },
    },
  ],
};
const event = (status = "NOT_COMPLETED") => ({
  id: eventId,
  questionnaireUserEventId: eventId,
  scheduleId: null,
  questionnaireTypeId: "t1",
  name: "Check-in",
  questionnaireType: "Check-in",
  kind: "custom",
  code: null,
  date: "2026-03-03",
  day: 2,
  windowClosesAt: "2026-03-06T00:00:00.000Z",
  status,
  statusLabel: "Not started yet",
  isStarted: false,
  isFailed: false,
  percentComplete: 0,
  completedAt: null,
  scores: null,
});

/** A server that keeps the answers sent and completes the questionnaire on submit. */
const stubServer = (saved: Record<string, unknown>) => {
  const posts: { answers: unknown[]; submit?: boolean; clientId?: string }[] = [];
  const detail = (status?: string) => ({
    event: event(status),
    questions: { kind: "custom", scheme },
    answers: { ...saved },
    askedQuestionIds: [],
    instructionsForPatient: null,
  });
  stubFetch({
    [`GET ${url}`]: () => jsonResponse(200, detail()),
    [`POST ${url}/answers`]: (init) => {
      const body = JSON.parse(String(init?.body));
      posts.push(body);
      for (const a of body.answers) saved[a.questionId] = a.skipped ? null : a.value;
      return jsonResponse(200, detail(body.submit ? "COMPLETED" : undefined));
    },
  });
  return posts;
};
const open = () =>
  renderWithProviders(<MeQuestionnairePage />, {
    route: `/me/questionnaires/${programId}/${eventId}`,
    path: "/me/questionnaires/:programId/:eventId",
  });

describe("answering a questionnaire in the patient web app", () => {
  it("asks one question per screen, follows the branch of an answer, and sends everything at the end", async () => {
    signInPatient();
    const posts = stubServer({});
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(t("questionProgress", { n: 1, total: 3 }))).toBeTruthy();
    await user.click(screen.getByRole("button", { name: t("next") }));
    expect(screen.getByText(t("answerNeeded"))).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "No" }));
    await user.click(screen.getByRole("button", { name: t("next") }));
    // "No" skips "How strong was it?": the last question, 2 of 2, which sends the answers.
    expect(await screen.findByRole("radiogroup", { name: "Did you sleep well?" })).toBeTruthy();
    expect(screen.getByText(t("questionProgress", { n: 2, total: 2 }))).toBeTruthy();
    expect(screen.queryByRole("button", { name: t("skipQuestion") })).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Badly" }));
    await user.click(screen.getByRole("button", { name: t("finish") }));
    expect(await screen.findByText(t("thankYou"))).toBeTruthy();
    expect(posts[0]).toEqual({ answers: [{ questionId: "pain", value: "no" }] });
    expect(posts[1]).toEqual({
      answers: [{ questionId: "sleep", value: 0 }],
      submit: true,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("resumes at the first question not answered yet, where an optional one may be skipped", async () => {
    signInPatient();
    const posts = stubServer({ pain: "yes" });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole("textbox", { name: t("typeAnswer") })).toBeTruthy();
    expect(screen.getByText(t("questionProgress", { n: 2, total: 3 }))).toBeTruthy();
    await user.click(screen.getByRole("button", { name: t("skipQuestion") }));
    expect(await screen.findByRole("radiogroup", { name: "Did you sleep well?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: t("back") }));
    expect(await screen.findByRole("textbox", { name: t("typeAnswer") })).toBeTruthy();
    expect(posts).toEqual([{ answers: [{ questionId: "strength", skipped: true }] }]);
  });

  it("asks a licensed instrument's item in its installed wording, never as its code", async () => {
    signInPatient();
    // Our placeholder text stands for the deployment's licensed wording (never in this repository).
    const text = "Placeholder item text for MO — not the licensed wording";
    const labels = [1, 2, 3].map((value) => ({ value, label: String(value) }));
    stubFetch({
      [`GET ${url}`]: () =>
        jsonResponse(200, {
          event: { ...event(), name: "EQ-5D-3L", kind: "hardcoded", code: "EQ5D" },
          questions: {
            kind: "hardcoded",
            code: "EQ5D",
            items: [{ code: "MO", text, scale: { min: 1, max: 3, labels } }],
          },
          answers: {},
          askedQuestionIds: ["MO"],
          instructionsForPatient: null,
        }),
    });
    open();
    expect(await screen.findByRole("radiogroup", { name: text })).toBeTruthy();
    expect(screen.queryByText(t("licensedItem", { code: "MO" }))).toBeNull();
  });
});
