import { messages, type QuestionnaireEvent, type ScheduleItem } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders } from "../../../test-utils";
import { DeliveredQuestionnaires } from "./delivered";
import { PatientSchedule } from "./patient-schedule";

const projectId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";
const base = `/api/v1/pro-dashboard/projects/${projectId}/users/${userId}`;

const event = (over: Partial<QuestionnaireEvent>): QuestionnaireEvent => ({
  id: "e1",
  questionnaireUserEventId: "e1",
  scheduleId: "s1",
  questionnaireTypeId: "t-custom",
  name: "Pain check",
  questionnaireType: "Pain check",
  kind: "custom",
  code: null,
  date: "2026-03-02",
  day: 1,
  windowClosesAt: "2026-03-05T00:00:00.000Z",
  status: "COMPLETED",
  statusLabel: "Completed",
  isStarted: true,
  isFailed: false,
  percentComplete: 100,
  completedAt: "2026-03-02T18:00:00.000Z",
  scores: null,
  ...over,
});

const item = (over: Partial<ScheduleItem>): ScheduleItem => ({
  id: "s1",
  name: "EQ-5D-3L",
  description: null,
  type: "hardcoded",
  scheduleType: "RECURRING",
  audience: "all",
  userId: null,
  frequency: 7,
  numberToSend: 3,
  responseWindow: 3,
  startDay: 0,
  startDate: "2026-03-02",
  sentCount: 1,
  nextSendDate: "2026-03-09",
  scheduledEvents: ["2026-03-09", "2026-03-16"],
  instructionsForPatient: null,
  questionnaireTypeId: "t1",
  questionnaireBatchId: null,
  questionnairePlanId: null,
  questionnaireBatch: null,
  questionnairePlan: null,
  removable: false,
  createdAt: "2026-03-01T00:00:00.000Z",
  ...over,
});

/** Answers by path (query strings ignored); anything else fails the test. */
const serve = (routes: Record<string, unknown>) => {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? "GET"} ${url}`);
      const body = routes[`${init?.method ?? "GET"} ${url.split("?")[0]}`];
      if (body === undefined) throw new Error(`Unexpected fetch ${url}`);
      return jsonResponse(body === null ? 204 : 200, body);
    }),
  );
  return calls;
};

/** The patient's schedule for a member of staff who may add to it and remove from it. */
const renderPatientSchedule = () =>
  renderWithProviders(
    <PatientSchedule
      programId={projectId}
      userId={userId}
      createPath="/create"
      programSchedulePath="/programs/p/settings/questionnaires/scheduled"
      canCreate
      canDelete
    />,
  );

describe("the delivered questionnaires and the patient's schedule", { timeout: 30_000 }, () => {
  it("shows each result with its status, and a custom questionnaire's skipped and unasked questions", async () => {
    serve({
      [`GET ${base}/delivered-questionnaires`]: {
        results: [
          event({}),
          event({
            id: "e2",
            date: "2026-02-20",
            status: "MISSED",
            statusLabel: "Failed to respond",
            isStarted: false,
            isFailed: true,
            percentComplete: 0,
            completedAt: null,
          }),
        ],
        totalCount: 2,
      },
      [`GET ${base}/scheduled-questionnaires`]: { results: [], upcoming: [] },
      [`GET ${base}/custom-questionnaire/e1`]: {
        event: event({}),
        answers: [
          {
            questionId: "pain",
            section: "Pain",
            question: "Any pain?",
            questionType: "choice",
            displayAnswer: "No",
            status: "ANSWERED",
          },
          {
            questionId: "score",
            section: "Pain",
            question: "How bad?",
            questionType: "range",
            displayAnswer: "Question not asked",
            status: "SKIPPED_DUE_TO_BRANCHING",
          },
          {
            questionId: "else",
            section: "Other",
            question: "Anything else?",
            questionType: "freeText",
            displayAnswer: "Question skipped",
            status: "SKIPPED",
          },
        ],
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <DeliveredQuestionnaires programId={projectId} userId={userId} schedulePath="/schedule" canViewSchedule />,
    );
    const table = await screen.findByRole("table", { name: "Delivered questionnaires" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "DateDayQuestionnaireStatusScoresAnswers",
      "02/03/20261Pain checkCompleted—View answers",
      "20/02/20261Pain checkFailed to respond—",
    ]);
    expect(screen.getByRole("link", { name: "View questionnaire schedule" }).getAttribute("href")).toBe("/schedule");
    await user.click(within(rows[1]!).getByRole("button", { name: "View answers" }));
    const answers = await screen.findByRole("table", { name: "Answers of Pain check on 02/03/2026" });
    expect(within(answers).getByText("Question not asked")).toBeTruthy();
    expect(within(answers).getByText("Question skipped")).toBeTruthy();
  });

  it("offers Remove only on the patient's own items, and says where a program-wide one is changed", async () => {
    serve({
      [`GET ${base}/scheduled-questionnaires`]: {
        results: [
          item({}),
          item({ id: "s2", name: "Pain check", audience: "user", userId, removable: true, type: "questionnaire" }),
        ],
        upcoming: [],
      },
    });
    const user = userEvent.setup();
    renderPatientSchedule();
    await screen.findByRole("heading", { name: "EQ-5D-3L" });
    expect(screen.getAllByText(/Every 7 days, 3 times/)).toHaveLength(2);
    expect(screen.getByText("Program schedule (all patients)", { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add to schedule" }).getAttribute("href")).toBe("/create");
    // Remove only on the patient's own item; the program-wide one says where it is changed.
    const [programItem, ownItem] = screen.getAllByRole("listitem");
    expect(within(programItem!).queryByRole("button", { name: "Remove" })).toBeNull();
    expect(
      within(programItem!).getByRole("link", { name: "Change in the program's schedule" }).getAttribute("href"),
    ).toBe("/programs/p/settings/questionnaires/scheduled");
    await user.click(within(ownItem!).getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove from schedule" });
    expect(within(dialog).getByText(/will no longer be sent to this patient/)).toBeTruthy();
  });

  it("says on the item why a licensed instrument is not being sent", async () => {
    serve({
      [`GET ${base}/scheduled-questionnaires`]: {
        results: [
          item({ nextSendDate: null, scheduledEvents: [], heldBack: messages.qsHeldNoWording("EQ-5D-3L") }),
          item({ id: "s2", name: "Pain check", type: "questionnaire", heldBack: null }),
        ],
        upcoming: [],
      },
    });
    renderPatientSchedule();
    await screen.findByRole("heading", { name: "EQ-5D-3L" });
    const [licensed, custom] = screen.getAllByRole("listitem");
    expect(within(licensed!).getByRole("alert").textContent).toBe(messages.qsHeldNoWording("EQ-5D-3L"));
    expect(within(licensed!).getByText(/docs\/licensed-wording\.md/)).toBeTruthy();
    expect(within(custom!).queryByRole("alert")).toBeNull();
  });
});
