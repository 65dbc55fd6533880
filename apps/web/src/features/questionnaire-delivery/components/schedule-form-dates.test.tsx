import { messages } from "@openpro/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch } from "../../../test-utils";
import { ScheduleForm } from "./schedule-form";

const programId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";

/** The form for one patient, consented on 1 November 2026, today the 27th. */
const renderPatientScheduleForm = () => {
  const user = userEvent.setup();
  renderWithProviders(
    <ScheduleForm
      programId={programId}
      userId={userId}
      context={{ audience: "user", consentDate: "2026-11-01", today: "2026-11-27" }}
      listPath="/back"
    />,
  );
  return user;
};

describe("a patient's questionnaire schedule form", () => {
  it("shows the start date in the reader's order (27/11/2026 for en-GB) and refuses a date that does not exist", async () => {
    const user = renderPatientScheduleForm();
    const start = screen.getByLabelText(/^Start date/) as HTMLInputElement;
    expect(start.value).toBe("27/11/2026");
    expect(start.getAttribute("placeholder")).toBe("DD/MM/YYYY");
    await user.clear(start);
    await user.type(start, "31/02/2027");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("Please enter a real date as DD/MM/YYYY, such as 27/11/2026")).toBeTruthy();
  });

  it("offers Schedule only once something changed, and shows what is missing only once it was pressed", async () => {
    const fetchMock = stubFetch({});
    const user = renderPatientScheduleForm();
    const schedule = () => screen.getByRole("button", { name: "Schedule" }) as HTMLButtonElement;
    expect(schedule().disabled).toBe(true);
    const window = screen.getByLabelText(/^Response window/);
    await user.clear(window);
    await user.type(window, "3");
    expect(schedule().disabled).toBe(false);
    expect(screen.queryByText(messages.qsChooseItem)).toBeNull();
    await user.click(schedule());
    expect(await screen.findByText(messages.qsChooseItem)).toBeTruthy();
    expect(schedule().disabled).toBe(true);
    await user.clear(window);
    await waitFor(() => expect(screen.getAllByText(messages.required).length).toBeGreaterThanOrEqual(2));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });
});
