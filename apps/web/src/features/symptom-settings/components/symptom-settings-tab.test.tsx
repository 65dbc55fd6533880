import { ctcaeCatalogue, messages, type Program, type SymptomReminder } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { SymptomSettingsTab } from "./symptom-settings-tab";

const projectId = "33333333-3333-4333-8333-333333333333";
const program = { projectId, territory: "UK_IRE", inviteMode: "individual", closed: false } as Program;
const base = `/api/v1/admin/projects/${projectId}`;
const editor = { permissions: ["view_project_symptom_severity_threshold", "edit_project_symptom_severity_threshold"] };
const viewer = { permissions: ["view_project_symptom_severity_threshold"] };
const FATIGUE = "10016256";

const reminder: SymptomReminder = {
  reminderId: "00000000-0000-4000-8000-000000000001",
  logs: [{ identifier: FATIGUE, name: "Fatigue" }],
  schedule: {
    type: "interval_schedule",
    data: {
      offsetAmount: 0,
      offsetPeriod: "days",
      durationAmount: 2,
      durationPeriod: "weeks",
      intervalAmount: 1,
      intervalPeriod: "days",
    },
  },
};

const stub = (reminders: SymptomReminder[], onCreate?: (body: unknown) => void) =>
  stubFetch({
    "GET /api/v1/logs/types": () => jsonResponse(200, { results: ctcaeCatalogue }),
    [`GET ${base}/prioritised-symptoms`]: () => jsonResponse(200, { logTypes: [] }),
    [`GET ${base}/severe-symptom-messages`]: () =>
      jsonResponse(200, [
        {
          id: "00000000-0000-4000-8000-000000000002",
          message: "Call the ward now.",
          dateCreated: "2026-03-01T09:00:00.000Z",
          severeSymptomGrade: [{ logType: { identifier: "10016558", name: "Fever" }, grade: 3 }],
        },
      ]),
    [`GET ${base}/symptom-reminders`]: () => jsonResponse(200, reminders),
    [`POST ${base}/symptom-reminders`]: (init) => {
      const body = JSON.parse(String(init?.body));
      onCreate?.(body);
      return jsonResponse(201, { ...reminder, reminderId: "00000000-0000-4000-8000-000000000003" });
    },
  });

describe("the Symptom settings tab", () => {
  it("lists reminders and alert messages, read-only without the edit permission", async () => {
    stub([reminder]);
    renderWithProviders(<SymptomSettingsTab program={fromWire(program)} actor={viewer} />);
    const reminders = await screen.findByRole("region", { name: "Symptom reminders" });
    expect(await within(reminders).findByText("Fatigue")).toBeTruthy();
    expect(within(reminders).getByText("From day 1, every 1 day, for 2 weeks")).toBeTruthy();
    const alert = await screen.findByRole("region", { name: "Alert 1" });
    expect(within(alert).getByText("Fever – grade 3")).toBeTruthy();
    expect((within(alert).getByLabelText("Alert message") as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Add reminder" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add alert" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete reminder/ })).toBeNull();
  });

  it("asks for a duration's period, then sends the start day minus 1", async () => {
    let sent: { schedule: { data: Record<string, unknown> } } | undefined;
    stub([], (body) => {
      sent = body as typeof sent;
    });
    const user = userEvent.setup();
    renderWithProviders(<SymptomSettingsTab program={fromWire(program)} actor={editor} />);
    await user.click(await screen.findByRole("button", { name: "Add reminder" }));
    const dialog = screen.getByRole("dialog", { name: "Add symptom reminder" });
    const saveReminder = () => within(dialog).getByRole("button", { name: "Save reminder" }) as HTMLButtonElement;
    // Nothing changed: Save reminder waits (decision 031); a change enables it, no message before the press.
    expect(saveReminder().disabled).toBe(true);
    const startDay = within(dialog).getByLabelText(/^Start day/);
    await user.clear(startDay);
    await user.type(startDay, "3");
    expect(saveReminder().disabled).toBe(false);
    expect(within(dialog).queryByText(messages.reminderSymptomRequired)).toBeNull();
    await user.click(saveReminder());
    expect(await within(dialog).findByText(messages.reminderSymptomRequired)).toBeTruthy();
    expect(saveReminder().disabled).toBe(true);

    await user.type(within(dialog).getByRole("combobox", { name: /^Symptoms/ }), "Fatig");
    await user.click(await screen.findByRole("option", { name: "Fatigue" }));
    await waitFor(() => expect(within(dialog).queryByText(messages.reminderSymptomRequired)).toBeNull());
    // Once pressed, the messages follow the values: a duration without its period says so at once.
    await user.type(within(dialog).getByLabelText("For"), "2");
    expect(await within(dialog).findByText(messages.reminderPeriodRequired)).toBeTruthy();
    expect(within(dialog).getByText(messages.reminderIntervalRequired)).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.click(within(dialog).getByRole("combobox", { name: "Duration unit" }));
    await user.click(screen.getByRole("option", { name: "weeks" }));
    await user.type(within(dialog).getByLabelText("Repeat every"), "2");
    await user.click(within(dialog).getByRole("combobox", { name: "Interval unit" }));
    await user.click(screen.getByRole("option", { name: "days" }));
    await user.click(within(dialog).getByRole("button", { name: "Save reminder" }));
    expect(await screen.findByText(messages.symptomSaved)).toBeTruthy();
    expect(sent).toEqual({
      logs: [{ identifier: FATIGUE }],
      schedule: {
        type: "interval_schedule",
        data: {
          offsetAmount: 2,
          offsetPeriod: "days",
          durationAmount: 2,
          durationPeriod: "weeks",
          intervalAmount: 2,
          intervalPeriod: "days",
        },
      },
    });
  });

  it("gives a Swiss program's alert message a field per other language, Save alert enabled only after a change, and sends the texts", async () => {
    const zurich = { ...program, territory: "CH" } as Program;
    const messageId = "00000000-0000-4000-8000-000000000002";
    const german = {
      id: messageId,
      message: "Rufen Sie sofort die Station an.",
      messageTranslations: { fr: "Appelez tout de suite le service." },
      dateCreated: "2026-03-01T09:00:00.000Z",
      severeSymptomGrade: [{ logType: { identifier: "10016558", name: "Fever" }, grade: 3 }],
    };
    const sent: unknown[] = [];
    stubFetch({
      "GET /api/v1/logs/types": () => jsonResponse(200, { results: ctcaeCatalogue }),
      [`GET ${base}/prioritised-symptoms`]: () => jsonResponse(200, { logTypes: [] }),
      [`GET ${base}/severe-symptom-messages`]: () => jsonResponse(200, [german]),
      [`GET ${base}/symptom-reminders`]: () => jsonResponse(200, []),
      [`PATCH ${base}/severe-symptom-messages/${messageId}`]: (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        // The server checks each text as it checks the message.
        if (body.messageTranslations.en.length > 10)
          return jsonResponse(422, {
            statusCode: 422,
            message: messages.maxLength(500),
            errorCode: "VALIDATION_ERROR",
            errors: [{ field: "messageTranslations.en", message: messages.maxLength(500) }],
          });
        return jsonResponse(200, {
          ...german,
          ...body,
          messageTranslations: { fr: body.messageTranslations.fr, it: body.messageTranslations.it },
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SymptomSettingsTab program={fromWire(zurich)} actor={editor} />);
    const alert = await screen.findByRole("region", { name: "Alert 1" });
    // German is the program's language: the message itself; French, Italian and English have a field each.
    expect((within(alert).getByLabelText("Alert message") as HTMLTextAreaElement).value).toBe(german.message);
    expect((within(alert).getByLabelText("Alert message in French") as HTMLTextAreaElement).value).toBe(
      "Appelez tout de suite le service.",
    );
    within(alert).getByLabelText("Alert message in Italian");
    within(alert).getByLabelText("Alert message in English");
    expect(within(alert).queryByLabelText(/in German/)).toBeNull();
    expect(within(alert).queryByLabelText(/in Spanish/)).toBeNull();
    within(alert).getByText(/Left blank: patients reading Italian see the German message, marked as German\./);
    const saveAlert = () => within(alert).getByRole("button", { name: "Save alert" }) as HTMLButtonElement;
    // Untouched: nothing to save.
    expect(saveAlert().disabled).toBe(true);

    await user.type(within(alert).getByLabelText("Alert message in Italian"), "Chiami subito il reparto.");
    await waitFor(() => expect(saveAlert().disabled).toBe(false));
    await user.click(saveAlert());
    expect(await screen.findByText(messages.alertSaved)).toBeTruthy();
    expect(sent).toEqual([
      {
        message: german.message,
        messageTranslations: { fr: "Appelez tout de suite le service.", it: "Chiami subito il reparto.", en: "" },
      },
    ]);
    // Saved: the saved texts are the new baseline.
    await waitFor(() => expect(saveAlert().disabled).toBe(true));

    // A text the server refuses shows its message on its own field.
    await user.type(within(alert).getByLabelText("Alert message in English"), "Call the ward right now.");
    await user.click(saveAlert());
    expect(await within(alert).findByText(messages.maxLength(500))).toBeTruthy();
    expect(
      (within(alert).getByLabelText("Alert message in English") as HTMLTextAreaElement).getAttribute("aria-invalid"),
    ).toBe("true");
  });

  it("shows a UK program's alert message alone, with no other language to give", async () => {
    stub([]);
    renderWithProviders(<SymptomSettingsTab program={fromWire(program)} actor={editor} />);
    const alert = await screen.findByRole("region", { name: "Alert 1" });
    expect(
      within(alert)
        .getAllByRole("textbox")
        .map((box) => box.getAttribute("name")),
    ).toEqual(["message"]);
    expect(within(alert).queryByLabelText(/^Alert message in /)).toBeNull();
  });
});
