import { messages } from "@openpro/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeTokens } from "../../../lib/tokens";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { PushQuietHoursCard } from "./push-quiet-hours-card";

const programId = "11111111-1111-4111-8111-111111111111";
const url = `/api/v1/admin/projects/${programId}/push-settings`;
const signedIn = () => storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 900), refreshToken: "r1" });
const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");

afterEach(() => vi.unstubAllGlobals());

describe("a program's quiet hours for pushed reminders", () => {
  it("shows the program's quiet hours and saves new ones, Save offered only once something changed", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, { quietStart: "21:00", quietEnd: "08:00" }),
      [`PUT ${url}`]: () => jsonResponse(200, { quietStart: "22:30", quietEnd: "07:00" }),
    });
    renderWithProviders(<PushQuietHoursCard programId={programId} editable />);
    const from = (await screen.findByLabelText("Quiet from")) as HTMLInputElement;
    const until = screen.getByLabelText("Quiet until") as HTMLInputElement;
    expect([from.value, until.value]).toEqual(["21:00", "08:00"]);
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(from, { target: { value: "22:30" } });
    fireEvent.change(until, { target: { value: "07:00" } });
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    expect(await screen.findByText(messages.pushQuietHoursSaved)).toBeTruthy();
    expect(JSON.parse(String((puts(fetchMock)[0]![1] as RequestInit).body))).toEqual({
      quietStart: "22:30",
      quietEnd: "07:00",
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("shows a rule broken only once Save was pressed, and keeps Save off until it is put right", async () => {
    signedIn();
    const fetchMock = stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, { quietStart: "21:00", quietEnd: "08:00" }),
    });
    renderWithProviders(<PushQuietHoursCard programId={programId} editable />);
    const from = (await screen.findByLabelText("Quiet from")) as HTMLInputElement;
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    const message = "Enter when the quiet hours start as hh:mm, for example 21:00.";
    fireEvent.change(from, { target: { value: "" } });
    expect(save.disabled).toBe(false);
    expect(screen.queryByText(message)).toBeNull();
    await userEvent.click(save);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(from, { target: { value: "22:00" } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(save.disabled).toBe(false);
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it("says so when start and end are the same: no quiet hours, reminders at any hour", async () => {
    signedIn();
    stubFetch({ [`GET ${url}`]: () => jsonResponse(200, { quietStart: "00:00", quietEnd: "00:00" }) });
    renderWithProviders(<PushQuietHoursCard programId={programId} editable />);
    expect(await screen.findByText("No quiet hours: reminders are sent at any time of day or night.")).toBeTruthy();
  });

  it("shows the server's refusal on its field and keeps what the user typed", async () => {
    signedIn();
    stubFetch({
      [`GET ${url}`]: () => jsonResponse(200, { quietStart: "21:00", quietEnd: "08:00" }),
      [`PUT ${url}`]: () =>
        jsonResponse(422, {
          statusCode: 422,
          message: "Validation failed",
          errors: [{ field: "quietEnd", message: "Enter when the quiet hours end as hh:mm, for example 21:00." }],
        }),
    });
    renderWithProviders(<PushQuietHoursCard programId={programId} editable />);
    const until = (await screen.findByLabelText("Quiet until")) as HTMLInputElement;
    fireEvent.change(until, { target: { value: "06:00" } });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter when the quiet hours end as hh:mm, for example 21:00.")).toBeTruthy();
    expect(until.value).toBe("06:00");
  });

  it("shows a reader the quiet hours without a Save, the fields read-only", async () => {
    signedIn();
    stubFetch({ [`GET ${url}`]: () => jsonResponse(200, { quietStart: "21:00", quietEnd: "08:00" }) });
    renderWithProviders(<PushQuietHoursCard programId={programId} editable={false} />);
    const from = (await screen.findByLabelText("Quiet from")) as HTMLInputElement;
    expect(from.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
