import {
  defaultPermissionsByRole,
  hardcodedTypeIds,
  messages,
  type QuestionnaireItem,
  type QuestionnaireScheme,
} from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { OutcomeMeasures } from "../features/questionnaires/components/outcome-measures";
import { fromWire } from "../lib/wire";
import { programFixture } from "../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../test-utils";
import { ProgramQuestionnairesSettings, questionnaireScreen } from "./program-questionnaires-page";

const program = programFixture();
const projectId = program.projectId;
const api = `/api/v1/admin/projects/${projectId}/questionnaires`;
const admin = { permissions: [...defaultPermissionsByRole.clinical_project_admin] };
const CHECK_IN = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1";
const DIARY = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2";

const items: QuestionnaireItem[] = [
  { id: hardcodedTypeIds.EQ5D, name: "EQ-5D-3L", type: "hardcoded", code: "EQ5D" },
  { id: DIARY, name: "Side-effects diary", type: "questionnaire", code: null },
  { id: CHECK_IN, name: "Weekly check-in", type: "questionnaire", code: null },
];

const checkIn = {
  title: "Weekly check-in",
  introductionText: ["Tell us about your week."],
  questions: [
    {
      id: "pain",
      index: 1,
      title: "Have you had pain?",
      type: "choice",
      data: {
        answers: [
          { label: "Yes", value: 1 },
          { label: "No", value: 0, nextQuestion: "help" },
        ],
      },
    },
    { id: "note", index: 2, title: "Anything else?", type: "freeText" },
    {
      id: "help",
      index: 3,
      title: "Help",
      type: "helpText",
      section: "End",
      data: { text: ["Call us.", "Any time."] },
    },
  ],
};

/** The check-in's scheme as GET …/types/{id}/scheme returns it. */
const checkInScheme = (name = "Weekly check-in") => ({
  id: CHECK_IN,
  name,
  type: "questionnaire",
  specification: checkIn,
  instrument: null,
});

const Page = () => {
  const { "*": rest = "" } = useParams();
  return <ProgramQuestionnairesSettings program={fromWire(program)} actor={admin} path={rest} />;
};
const open = (sub: string) =>
  renderWithProviders(<Page />, {
    route: `/programs/${projectId}/settings/questionnaires/${sub}`,
    path: "/programs/:programId/settings/questionnaires/*",
  });

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) => {
  await user.click(screen.getByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
};

/** The bodies the page sent to `url` with `method`, in order. */
const bodiesSent = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && String(input) === url)
    .map(([, init]) => JSON.parse(String(init?.body)));

/** Presses Delete questionnaire and confirms in its dialog. */
const deleteAndConfirm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("button", { name: "Delete questionnaire" }));
  await user.click(
    within(await screen.findByRole("dialog", { name: "Delete questionnaire Weekly check-in?" })).getByRole("button", {
      name: "Delete",
    }),
  );
};

describe("the questionnaire settings routes", () => {
  it("maps every path of the spec to its screen, and any other path to the list", () => {
    expect(questionnaireScreen("scheduled")).toEqual({ screen: "scheduled" });
    expect(questionnaireScreen("custom/edit/abc")).toEqual({ screen: "custom-edit", id: "abc" });
    expect(questionnaireScreen("batch-create")).toEqual({ screen: "batch-create" });
    expect(questionnaireScreen("whatever/else")).toEqual({ screen: "custom" });
    expect(questionnaireScreen("")).toEqual({ screen: "custom" });
  });
});

describe("Create/View", () => {
  it("groups the catalogue and shows a licensed questionnaire by its item codes, saying the wording is not installed", async () => {
    const scheme: QuestionnaireScheme = {
      id: hardcodedTypeIds.EQ5D,
      name: "EQ-5D-3L",
      type: "hardcoded",
      specification: null,
      instrument: {
        code: "EQ5D",
        version: "3L",
        licensedBy: "EuroQol Research Foundation",
        licensedWordingInstalled: false,
        items: [{ code: "MO", text: null, answers: [1, 2, 3].map((v) => ({ value: v, label: String(v) })) }],
      },
    };
    stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, items),
      [`GET ${api}/types/${hardcodedTypeIds.EQ5D}/scheme`]: () => jsonResponse(200, scheme),
    });
    const user = userEvent.setup();
    const { router } = open("custom");
    expect(await screen.findByRole("heading", { name: "Questionnaires (2)" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Licensed questionnaires (1)" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "EQ-5D-3L" }));
    expect(router.state.location.hash).toBe(`#${hardcodedTypeIds.EQ5D}`);
    expect(await screen.findByText(messages.licensedWordingNotInstalled)).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Items" })).getByRole("rowheader", { name: "MO" })).toBeTruthy();
    expect(screen.getByText("1 · 2 · 3")).toBeTruthy();
  });

  it("opens on the item named by the hash and shows a custom questionnaire's branching", async () => {
    stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, items),
      [`GET ${api}/types/${CHECK_IN}/scheme`]: () => jsonResponse(200, checkInScheme()),
    });
    open(`custom#${CHECK_IN}`);
    expect(await screen.findByText(/No \(0\) → goes to "Help"/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit questionnaire" }).getAttribute("href")).toBe(
      `/programs/${projectId}/settings/questionnaires/custom/edit/${CHECK_IN}`,
    );
  });

  it("asks before deleting, shows where a used questionnaire is used, and deletes an unused one", async () => {
    const user = userEvent.setup();
    const refusal = messages.catalogueInUse(
      "questionnaire",
      "Weekly check-in",
      [messages.catalogueInBatches(["Evening pair"])],
      false,
    );
    let deletes = 0;
    let deleted = false;
    const fetchMock = stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, deleted ? items.filter((i) => i.id !== CHECK_IN) : items),
      [`GET ${api}/types/${CHECK_IN}/scheme`]: () => jsonResponse(200, checkInScheme()),
      [`DELETE ${api}/custom/${CHECK_IN}`]: () => {
        deletes++;
        if (deletes === 1) return jsonResponse(409, { statusCode: 409, message: refusal });
        deleted = true;
        return jsonResponse(204, null);
      },
    });
    open(`custom#${CHECK_IN}`);
    await user.click(await screen.findByRole("button", { name: "Delete questionnaire" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete questionnaire Weekly check-in?" });
    // Cancel sends nothing.
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(deletes).toBe(0);

    await deleteAndConfirm(user);
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    expect(screen.getByRole("button", { name: "Weekly check-in" })).toBeTruthy();

    await deleteAndConfirm(user);
    expect(await screen.findByText(messages.catalogueDeleted("Weekly check-in"))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Weekly check-in" })).toBeNull());
    expect(screen.getByText("Choose a questionnaire, plan or batch to see its details")).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(2);
  });

  it("offers no delete for a licensed questionnaire", async () => {
    stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, items),
      [`GET ${api}/types/${hardcodedTypeIds.EQ5D}/scheme`]: () =>
        jsonResponse(200, {
          id: hardcodedTypeIds.EQ5D,
          name: "EQ-5D-3L",
          type: "hardcoded",
          specification: null,
          instrument: null,
        }),
    });
    open(`custom#${hardcodedTypeIds.EQ5D}`);
    expect(await screen.findByRole("heading", { name: "EQ-5D-3L" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
  });
});

describe("Create custom questionnaire", () => {
  it("checks the file, shows the server's problems as field: detail, then reviews and creates", async () => {
    let attempt = 0;
    const fetchMock = stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, items),
      [`POST ${api}/validate`]: () =>
        ++attempt === 1
          ? jsonResponse(422, {
              statusCode: 422,
              message: messages.schemeEmptyChoices,
              errors: [{ field: "specification.questions.0.data.answers", message: messages.schemeEmptyChoices }],
            })
          : jsonResponse(200, {
              title: "Weekly check-in",
              questionCount: 2,
              sections: ["End"],
              helpTextCount: 1,
              branchingQuestionCount: 1,
              aggregateQuestionCount: 0,
              questionTypes: { choice: 1, freeText: 1, helpText: 1 },
            }),
      [`POST ${api}/custom`]: (init) =>
        jsonResponse(201, {
          id: CHECK_IN,
          name: JSON.parse(String(init?.body)).name,
          type: "questionnaire",
          specification: checkIn,
          createdAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
        }),
      [`GET ${api}/types/${CHECK_IN}/scheme`]: () => jsonResponse(200, checkInScheme("Check-in")),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { router } = open("custom-new");
    await user.click(await screen.findByRole("button", { name: "Review" }));
    expect(screen.getByText(messages.customQuestionnaireName)).toBeTruthy();
    expect(screen.getByText(messages.questionnaireFileMissing)).toBeTruthy();

    const input = screen.getByLabelText("Questionnaire JSON file");
    await user.upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText(messages.questionnaireFileType)).toBeTruthy();
    await user.upload(input, new File(["{not json"], "check-in.json", { type: "application/json" }));
    expect(await screen.findByText(messages.questionnaireFileNotJson)).toBeTruthy();

    await user.type(screen.getByLabelText(/Questionnaire name/), "Check-in");
    await user.upload(input, new File([JSON.stringify(checkIn)], "check-in.json", { type: "application/json" }));
    await user.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText(`questions.0.data.answers: ${messages.schemeEmptyChoices}`)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review questionnaire" });
    expect(within(dialog).getByRole("row", { name: "Questions that branch 1" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.hash).toBe(`#${CHECK_IN}`));
    expect(router.state.location.pathname).toBe(`/programs/${projectId}/settings/questionnaires/custom`);
    expect(await screen.findByText(messages.questionnaireCreated("Check-in"))).toBeTruthy();
    expect(bodiesSent(fetchMock, "POST", `${api}/custom`)).toEqual([{ name: "Check-in", specification: checkIn }]);
  });
});

describe("Edit custom questionnaire", () => {
  it("sends only the changed texts, split into paragraphs on blank lines", async () => {
    const fetchMock = stubFetch({
      [`GET ${api}/types/${CHECK_IN}/scheme`]: () => jsonResponse(200, checkInScheme()),
      [`PATCH ${api}/types/${CHECK_IN}`]: () =>
        jsonResponse(200, {
          id: CHECK_IN,
          name: "Weekly check-in",
          type: "questionnaire",
          specification: checkIn,
          createdAt: "x",
          updatedAt: "x",
        }),
      [`GET ${api}/items`]: () => jsonResponse(200, items),
    });
    const user = userEvent.setup();
    open(`custom/edit/${CHECK_IN}`);
    expect(await screen.findByRole("heading", { name: "Weekly check-in" })).toBeTruthy();
    const help = screen.getByRole("region", { name: "Help text, Section: End, Question: 3" });
    const text = within(help).getByLabelText("Help text");
    expect((text as HTMLTextAreaElement).value).toBe("Call us.\n\nAny time.");
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    await user.clear(text);
    await user.type(text, "Call the ward.{enter}{enter}Day or night.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, "PATCH", `${api}/types/${CHECK_IN}`)).toEqual([
        { helpTexts: [{ questionId: "help", text: ["Call the ward.", "Day or night."] }] },
      ]),
    );
    expect(await screen.findByText(messages.questionnaireUpdated)).toBeTruthy();
  });
});

describe("Upload questionnaire JSON", () => {
  it("sends a new configuration and lists the server's problems under the file input", async () => {
    const fetchMock = stubFetch({
      [`GET ${api}/types/${CHECK_IN}/scheme`]: () => jsonResponse(200, checkInScheme()),
      [`PUT ${api}/custom/${CHECK_IN}`]: () =>
        jsonResponse(422, {
          statusCode: 422,
          message: messages.schemeTranscriptChanged,
          errors: [{ field: "specification.questions", message: messages.schemeTranscriptChanged }],
        }),
    });
    const user = userEvent.setup({ applyAccept: false });
    open(`custom/edit/${CHECK_IN}`);
    await user.click(await screen.findByRole("button", { name: "Upload questionnaire JSON" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload questionnaire JSON" });
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(within(dialog).getByText(messages.questionnaireFileMissing)).toBeTruthy();
    await user.upload(
      within(dialog).getByLabelText("Configuration file"),
      new File([JSON.stringify(checkIn)], "check-in.json", { type: "application/json" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByText(`questions: ${messages.schemeTranscriptChanged}`)).toBeTruthy();
    expect(bodiesSent(fetchMock, "PUT", `${api}/custom/${CHECK_IN}`)).toEqual([{ specification: checkIn }]);
  });
});

describe("Create questionnaire batch", () => {
  it("removes each choice from the other selectors, creates the batch and goes to it", async () => {
    const BATCH = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1";
    const fetchMock = stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, items),
      [`POST ${api}/batches`]: (init) =>
        jsonResponse(201, { id: BATCH, name: JSON.parse(String(init?.body)).name, createdAt: "x", members: [] }),
      [`GET ${api}/batches/${BATCH}`]: () =>
        jsonResponse(200, { id: BATCH, name: "Weekly pair", createdAt: "x", members: [] }),
    });
    const user = userEvent.setup();
    const { router } = open("batch-create");
    expect(await screen.findByRole("heading", { name: "Create questionnaire batch" })).toBeTruthy();
    const create = screen.getByRole("button", { name: "Create" });
    expect(create.hasAttribute("disabled")).toBe(true);
    // Two selectors to begin with; no remove icon at the minimum.
    expect(screen.queryByRole("button", { name: /Remove questionnaire/ })).toBeNull();
    await user.type(screen.getByLabelText(/Batch name/), "Weekly pair");
    await choose(user, /Questionnaire 1/, "Weekly check-in");
    // Changed but not yet valid: Create stays disabled until it is (document 3).
    expect(create.hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("combobox", { name: /Questionnaire 2/ }));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Choose a questionnaire", "EQ-5D-3L", "Side-effects diary"]);
    await user.click(screen.getByRole("option", { name: "EQ-5D-3L" }));
    await waitFor(() => expect(create.hasAttribute("disabled")).toBe(false));
    // Three available: one more selector may be added, then no more.
    await user.click(screen.getByRole("button", { name: "+ Add questionnaire" }));
    expect(screen.queryByRole("button", { name: "+ Add questionnaire" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Remove questionnaire 1" }));
    const confirm = await screen.findByRole("dialog", { name: messages.batchRemoveMemberTitle(1) });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Remove questionnaire 3" }));
    await user.click(create);
    await waitFor(() => expect(router.state.location.hash).toBe(`#${BATCH}`));
    expect(bodiesSent(fetchMock, "POST", `${api}/batches`)).toEqual([
      {
        name: "Weekly pair",
        members: [
          { questionnaireId: CHECK_IN, order: 1 },
          { questionnaireId: hardcodedTypeIds.EQ5D, order: 2 },
        ],
      },
    ]);
    expect(await screen.findByText(messages.questionnaireCreated("Weekly pair"))).toBeTruthy();
  });

  it("asks before cancelling and stays on Return to batch", async () => {
    stubFetch({ [`GET ${api}/items`]: () => jsonResponse(200, items) });
    const user = userEvent.setup();
    const { router } = open("batch-create");
    await user.type(await screen.findByLabelText(/Batch name/), "Half done");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: messages.batchCancelTitle });
    expect(within(dialog).getByText(messages.batchCancelText)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Return to batch" }));
    expect(router.state.location.pathname).toMatch(/batch-create$/);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/questionnaires\/custom$/));
  });
});

describe("Create questionnaire plan", () => {
  it("offers the previous questionnaire's choice questions and answers for a question condition", async () => {
    const PLAN = "cccccccc-cccc-4ccc-8ccc-ccccccccccc1";
    const fetchMock = stubFetch({
      [`GET ${api}/items`]: () => jsonResponse(200, items),
      [`GET ${api}/types/${CHECK_IN}/scheme`]: () => jsonResponse(200, checkInScheme()),
      [`POST ${api}/plans`]: (init) =>
        jsonResponse(201, { id: PLAN, name: JSON.parse(String(init?.body)).name, createdAt: "x", members: [] }),
      [`GET ${api}/plans/${PLAN}`]: () =>
        jsonResponse(200, { id: PLAN, name: "Pain follow-up", createdAt: "x", members: [] }),
    });
    const user = userEvent.setup();
    const { router } = open("plan-create");
    expect(await screen.findByRole("heading", { name: "Create questionnaire plan" })).toBeTruthy();
    expect(screen.getAllByRole("group", { name: /^Questionnaire \d$/ })).toHaveLength(2);
    // Nothing changed: Confirm is disabled (document 1 §5, decision 031); the first press after a change shows
    // what is still missing, and Confirm stays disabled while it is.
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText(/Plan name/), "Pain follow-up");
    await user.click(confirm);
    expect((await screen.findAllByText(messages.planChooseOption)).length).toBeGreaterThan(0);
    expect(confirm.hasAttribute("disabled")).toBe(true);
    expect(bodiesSent(fetchMock, "POST", `${api}/plans`)).toEqual([]);

    const first = screen.getByRole("group", { name: "Questionnaire 1" });
    const second = screen.getByRole("group", { name: "Questionnaire 2" });
    // The first questionnaire has no scheduling.
    expect(within(first).queryByRole("combobox", { name: /Scheduling type/ })).toBeNull();
    await user.click(within(first).getByRole("combobox", { name: /^Questionnaire/ }));
    await user.click(await screen.findByRole("option", { name: "Weekly check-in" }));
    await user.click(within(first).getByRole("combobox", { name: /Frequency/ }));
    await user.click(await screen.findByRole("option", { name: "Once" }));
    await user.click(within(second).getByRole("combobox", { name: /^Questionnaire/ }));
    await user.click(await screen.findByRole("option", { name: "Side-effects diary" }));
    await user.click(within(second).getByRole("combobox", { name: /Scheduling type/ }));
    await user.click(await screen.findByRole("option", { name: "Delay with condition" }));
    await user.click(within(second).getByRole("combobox", { name: /Delay type/ }));
    await user.click(await screen.findByRole("option", { name: "From completion" }));
    await user.click(within(second).getByRole("combobox", { name: /Condition type/ }));
    await user.click(await screen.findByRole("option", { name: "Question" }));
    await user.click(await within(second).findByRole("combobox", { name: /^Question\s*\*?$/ }));
    // Only the choice question of the previous questionnaire.
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual(["Choose…", "Have you had pain?"]);
    await user.click(screen.getByRole("option", { name: "Have you had pain?" }));
    await user.click(within(second).getByRole("combobox", { name: /Answer/ }));
    await user.click(await screen.findByRole("option", { name: "Yes" }));
    const delay = within(second).getByLabelText(/^Delay \*/);
    await user.clear(delay);
    await user.type(delay, "91");
    await user.click(within(second).getByRole("combobox", { name: /Frequency/ }));
    await user.click(await screen.findByRole("option", { name: "Every day" }));
    // Once submitted, the errors follow the values: only the delay is left.
    await waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(true));
    expect(await within(second).findByText(messages.rangeBetween(0, 90))).toBeTruthy();
    await user.clear(delay);
    await user.type(delay, "2");
    await waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.hash).toBe(`#${PLAN}`));
    const [body] = bodiesSent(fetchMock, "POST", `${api}/plans`);
    expect(body.members[1]).toMatchObject({
      order: 2,
      questionnaireId: DIARY,
      schedulingType: "delay_with_condition",
      delayType: "from_completion",
      conditionType: "question",
      condition: { questionId: "pain", answer: "1" },
      delay: 2,
      frequency: "1",
      numberToSend: 1,
    });
    expect(body.members[0]).toMatchObject({ order: 1, questionnaireId: CHECK_IN, delay: 0, frequency: "0" });
    // Many select menus opened one after another: slow on a shared machine.
  }, 60_000);
});

describe("Outcome measures", () => {
  it("refuses to unselect a type a schedule sends, with the spec's message", async () => {
    stubFetch({
      [`GET ${api}/outcome-measures`]: () =>
        jsonResponse(200, { availableQuestionnaireTypes: ["EQ5D", "BN20"], activeTypes: ["EQ5D"], applies: true }),
    });
    const user = userEvent.setup();
    const actor = {
      permissions: ["view_questionnaire_settings_outcomes_measures", "edit_questionnaire_settings_outcomes_measures"],
    };
    renderWithProviders(<OutcomeMeasures programId={projectId} actor={actor} />);
    const eq5d = await screen.findByRole("checkbox", { name: "EQ-5D-3L (active)" });
    await user.click(eq5d);
    expect(screen.getByRole("alert").textContent).toBe(messages.cannotUnselectActiveType("EQ5D"));
    expect((eq5d as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "EORTC QLQ-BN20" }));
    expect(screen.getByRole("button", { name: "Save outcome measures" }).hasAttribute("disabled")).toBe(false);
  });
});
