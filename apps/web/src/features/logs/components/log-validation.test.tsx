import { type LogItem, messages } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders } from "../../../test-utils";
import { LogValidation } from "./log-validation";

const projectId = "33333333-3333-4333-8333-333333333333";
const logId = "55555555-5555-4555-8555-000000000001";
const path = `/api/v1/logs/${logId}/validate/${projectId}`;

const log = (over: Partial<LogItem> = {}): LogItem => ({
  logId,
  logClass: "SYMPTOMS",
  date: "2026-03-02T09:30:00.000Z",
  localDate: "2026-03-02",
  logTypeId: "10028813",
  validationStatus: null,
  validationReason: null,
  level: { grade: 3, isDanger: true },
  data: { grade: 3 },
  ...over,
});

const stubValidate = () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url !== path) throw new Error(`Unexpected fetch ${url}`);
      const body = JSON.parse(String(init?.body));
      calls.push({ method: init?.method ?? "GET", url, body });
      return jsonResponse(200, log({ validationStatus: body.status, validationReason: body.reason ?? null }));
    }),
  );
  return calls;
};

const render = (item: LogItem, canValidate = true) =>
  renderWithProviders(<LogValidation programId={projectId} log={item} canValidate={canValidate} label="Nausea" />);

describe("acknowledging and invalidating a log", { timeout: 30_000 }, () => {
  it("acknowledges a new log with one POST", async () => {
    const calls = stubValidate();
    const user = userEvent.setup();
    render(log());
    await user.click(screen.getByRole("button", { name: "Acknowledge Nausea" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: "POST", url: path, body: { status: "Acknowledged" } });
  });

  it("opens the reason form, closes it on a second click, requires a reason, and saves status Removed with it", async () => {
    const calls = stubValidate();
    const user = userEvent.setup();
    render(log());
    const toggle = screen.getByRole("button", { name: "Invalidate Nausea" });
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const form = screen.getByRole("form", { name: "Invalidate Nausea" });
    expect(
      within(form)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual([
      "Accidental log",
      "Incorrect symptom type",
      "Incorrect symptom severity",
      "Incorrect date of log",
      "Other",
    ]);
    await user.click(toggle);
    expect(screen.queryByRole("form", { name: "Invalidate Nausea" })).toBeNull();

    await user.click(toggle);
    await user.click(screen.getByRole("button", { name: "Save" }));
    screen.getByText(messages.invalidationReasonRequired);
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("radio", { name: "Incorrect symptom severity" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: "POST",
      url: path,
      body: { status: "Removed", reason: "Incorrect symptom severity" },
    });
    await waitFor(() => expect(screen.queryByRole("form", { name: "Invalidate Nausea" })).toBeNull());
  });

  it("asks Keep editing or Discard when cancelling with a chosen reason", async () => {
    const calls = stubValidate();
    const user = userEvent.setup();
    render(log());
    // Without a reason, Cancel just closes.
    await user.click(screen.getByRole("button", { name: "Invalidate Nausea" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Invalidate Nausea" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Invalidate Nausea" }));
    await user.click(screen.getByRole("radio", { name: "Other" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Still editing, with the reason kept.
    expect((screen.getByRole("radio", { name: "Other" }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }),
    );
    await waitFor(() => expect(screen.queryByRole("form", { name: "Invalidate Nausea" })).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it("changes an acknowledged log with PATCH", async () => {
    const calls = stubValidate();
    const user = userEvent.setup();
    render(log({ validationStatus: "Acknowledged" }));
    screen.getByText("Acknowledged");
    expect(screen.queryByRole("button", { name: "Acknowledge Nausea" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Invalidate Nausea" }));
    await user.click(screen.getByRole("radio", { name: "Accidental log" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: "PATCH", url: path, body: { status: "Removed", reason: "Accidental log" } });
  });

  it("shows a removed log as invalidated with its reason and no controls", () => {
    render(log({ validationStatus: "Removed", validationReason: "Accidental log" }));
    screen.getByText(`${messages.logInvalidated}: Accidental log`);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers no controls without validate_user_log", () => {
    render(log(), false);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
