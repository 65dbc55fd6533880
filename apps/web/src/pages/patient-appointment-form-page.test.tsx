import { type CurrentUser, messages, type NurseAppointment } from "@openpro/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ParticipantDetails } from "../features/patients/api";
import { programViewFixture } from "../test-fixtures";
import { jsonResponse, renderWithProviders } from "../test-utils";
import { PatientAppointmentFormPage } from "./patient-appointment-form-page";
import { PatientAppointmentsPage } from "./patient-appointments-page";
import type { PatientArea } from "./patient-area-page";

const projectId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";
const appointmentId = "55555555-5555-4555-8555-555555555555";
const base = `/programs/${projectId}/participants/${userId}`;
const apiPath = `/api/v1/users/${userId}/nurse_visit_appointments`;

const nurse = {
  permissions: ["view_nurse_visit_appointments", "create_nurse_visit_appointments", "view_appointment_notes"],
} as unknown as CurrentUser;

const area = (over: Partial<PatientArea> = {}): PatientArea => ({
  programId: projectId,
  userId: userId,
  base,
  program: programViewFixture({ projectId, territory: "UK_IRE", populateNvAppointments: true, isProjectActive: true }),
  participant: { id: userId, status: "CONSENTED" } as unknown as ParticipantDetails,
  actor: nurse,
  range: { startDate: "2026-03-01", endDate: "2026-03-10" },
  report: undefined,
  reportLoading: false,
  ...over,
});

const appointment = (over: Partial<NurseAppointment> = {}): NurseAppointment => ({
  id: appointmentId,
  projectId,
  appointmentType: "BLOOD_TEST",
  date: "2026-03-12",
  startTime: "10:00",
  endTime: "10:30",
  mode: "FACE_TO_FACE",
  status: "SCHEDULED",
  isDraft: false,
  withWhom: "Sister Okafor",
  notes: null,
  locked: false,
  startsAt: "2026-03-12T10:00:00.000Z",
  endsAt: "2026-03-12T10:30:00.000Z",
  ...over,
});

const render = (route: string, context: PatientArea = area()) =>
  renderWithProviders(
    <Routes>
      <Route path={base} element={<Outlet context={context} />}>
        <Route path="scheduled-nurse-appointment" element={<PatientAppointmentsPage />} />
        <Route path="schedule-nurse-appointment/create" element={<PatientAppointmentFormPage />} />
        <Route path="schedule-nurse-appointment/:appointmentId" element={<PatientAppointmentFormPage />} />
      </Route>
    </Routes>,
    { route },
  );

const calls: { method: string; url: string; body: unknown }[] = [];
const serve = (handler: (method: string, url: string, body: unknown) => Response | undefined) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = handler(method, url, body);
      if (!answer) throw new Error(`Unexpected fetch ${method} ${url}`);
      return answer;
    }),
  );
const emptyList = (method: string, url: string) =>
  method === "GET" && url.startsWith(`${apiPath}?`) ? jsonResponse(200, { results: [], totalCount: 0 }) : undefined;

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) => {
  await user.click(screen.getByRole("combobox", { name: label }));
  await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: option }));
};
const setInput = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the appointment create and edit screens", { timeout: 30_000 }, () => {
  beforeEach(() => {
    calls.length = 0;
    // Tuesday 10 March 2026, 09:15 in London.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T09:15:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("offers Schedule only once something changed, then shows every rule's message before sending anything", async () => {
    serve(emptyList);
    const user = userEvent.setup();
    render(`${base}/schedule-nurse-appointment/create`);
    const schedule = () => screen.getByRole("button", { name: "Schedule appointment" }) as HTMLButtonElement;
    // Document 1 §5: Submit is disabled until something changed (decision 031).
    expect(schedule().disabled).toBe(true);
    await user.type(screen.getByLabelText(/With whom/), "Nurse Ada");
    expect(schedule().disabled).toBe(false);
    await user.click(schedule());
    for (const message of [
      messages.appointmentTypeRequired,
      messages.appointmentDateRequired,
      messages.appointmentTimeKindRequired,
      messages.appointmentModeRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    // While a rule is broken the button waits; each message goes (or changes) as its field is put right.
    expect(schedule().disabled).toBe(true);
    await choose(user, /Appointment type/, "Blood Test");
    setInput(/^Date/, "2026-03-09");
    await user.click(screen.getByRole("radio", { name: "Specific time" }));
    await user.click(screen.getByRole("radio", { name: "Face-to-Face" }));
    // Once pressed, every change checks the whole form: the four messages go, and the date in the past and the two
    // times the specific time now needs say so at once.
    expect(await screen.findByText("The date cannot be in the past")).toBeTruthy();
    expect(screen.queryByText(messages.appointmentTypeRequired)).toBeNull();
    expect(screen.queryByText(messages.appointmentModeRequired)).toBeNull();
    expect(screen.getAllByText("This is required")).toHaveLength(2);
    expect(schedule().disabled).toBe(true);
    setInput(/^Date/, "2026-03-10");
    setInput(/^Start time/, "09:00");
    setInput(/^End time/, "08:30");
    expect(await screen.findByText("Please select a time in the future")).toBeTruthy();
    expect(await screen.findByText("Please select a time greater than 09:00")).toBeTruthy();
    expect(screen.getByLabelText(/^Date/).getAttribute("min")).toBe("2026-03-10");
    expect(screen.getByLabelText(/With whom/).getAttribute("maxlength")).toBe("30");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("forces Telephone for a telephone consultation and Scheduled for all day, then books it", async () => {
    serve((method, url, body) => {
      if (method === "POST" && url === `${apiPath}?projectId=${projectId}`)
        return jsonResponse(201, appointment(body as Partial<NurseAppointment>));
      return emptyList(method, url);
    });
    const user = userEvent.setup();
    const { router } = render(`${base}/schedule-nurse-appointment/create`);
    await choose(user, /Appointment type/, "Telephone consultation");
    expect((screen.getByRole("radio", { name: "Telephone" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Face-to-Face" }) as HTMLInputElement).disabled).toBe(true);
    setInput(/^Date/, "2026-03-11");
    await user.click(screen.getByRole("radio", { name: "Specific time" }));
    await choose(user, /Status/, "Confirmed");
    await user.click(screen.getByRole("radio", { name: "All day" }));
    expect(screen.getByRole("combobox", { name: /Status/ }).textContent).toBe("Scheduled");
    expect(screen.getByRole("combobox", { name: /Status/ }).getAttribute("aria-disabled")).toBe("true");
    await user.type(screen.getByLabelText(/With whom/), "Dr Ames");
    await user.click(screen.getByRole("button", { name: "Schedule appointment" }));
    expect(await screen.findByText("You have successfully scheduled Telephone consultation")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      appointmentType: "TELEPHONE_CONSULTATION",
      date: "2026-03-11",
      startTime: null,
      endTime: null,
      mode: "TELEPHONE",
      status: "SCHEDULED",
      isDraft: true,
      withWhom: "Dr Ames",
    });
    await waitFor(() => expect(router.state.location.search).toBe("?filterTime=Upcoming"));
  });

  it("shows the server's refusal on the field and the not-added message", async () => {
    serve((method, url) => {
      if (method === "POST")
        return jsonResponse(422, {
          statusCode: 422,
          message: "Please select a time in the future",
          errors: [{ field: "startTime", message: "Please select a time in the future" }],
        });
      return emptyList(method, url);
    });
    const user = userEvent.setup();
    render(`${base}/schedule-nurse-appointment/create`);
    await choose(user, /Appointment type/, "Blood Test");
    setInput(/^Date/, "2026-03-10");
    await user.click(screen.getByRole("radio", { name: "Specific time" }));
    // Today the start field names its minimum: the current time on the program's (London) clock.
    expect(screen.getByText("Please select a time greater than 09:15")).toBeTruthy();
    expect(screen.getByLabelText(/^Start time/).getAttribute("min")).toBe("09:15");
    setInput(/^Start time/, "09:20");
    setInput(/^End time/, "09:30");
    await user.click(screen.getByRole("radio", { name: "Face-to-Face" }));
    await user.click(screen.getByRole("button", { name: "Schedule appointment" }));
    expect(await screen.findByText("Error - Blood Test not added")).toBeTruthy();
    expect(screen.getByText("Please select a time in the future")).toBeTruthy();
  });

  it("asks before cancelling: Return stays, Confirm cancel leaves", async () => {
    serve(emptyList);
    const user = userEvent.setup();
    const { router } = render(`${base}/schedule-nurse-appointment/create`);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: messages.cancelSchedulingTitle });
    expect(within(dialog).getByText(messages.cancelSchedulingText)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Return" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: "Confirm cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/scheduled-nurse-appointment`));
  });

  it("locks a past appointment's type, date, time and mode; its status still changes", async () => {
    const past = appointment({ date: "2026-03-09", status: "CONFIRMED", locked: true });
    serve((method, url, body) => {
      if (url === `${apiPath}/${appointmentId}?projectId=${projectId}`) {
        if (method === "GET") return jsonResponse(200, past);
        if (method === "PATCH") return jsonResponse(200, { ...past, ...(body as object) });
      }
      return emptyList(method, url);
    });
    const user = userEvent.setup();
    render(`${base}/schedule-nurse-appointment/${appointmentId}`);
    expect(await screen.findByText(/This appointment is in the past/)).toBeTruthy();
    expect(screen.getByRole("combobox", { name: /Appointment type/ }).getAttribute("aria-disabled")).toBe("true");
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "Telephone" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Delete appointment" })).toBeNull();
    await choose(user, /Status/, "Completed");
    await user.clear(screen.getByLabelText(/With whom/));
    await user.type(screen.getByLabelText(/With whom/), "Nurse Patel");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("You have successfully edited Blood Test")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "COMPLETED", withWhom: "Nurse Patel" });
  });

  it("deletes an upcoming appointment, and says why when the server refuses", async () => {
    let refuse = true;
    serve((method, url) => {
      if (url === `${apiPath}/${appointmentId}?projectId=${projectId}`) {
        if (method === "GET") return jsonResponse(200, appointment());
        if (method === "DELETE")
          return refuse
            ? jsonResponse(409, { statusCode: 409, message: messages.appointmentPastDelete })
            : new Response(null, { status: 204 });
      }
      return emptyList(method, url);
    });
    const user = userEvent.setup();
    render(`${base}/schedule-nurse-appointment/${appointmentId}`);
    await user.click(await screen.findByRole("button", { name: "Delete appointment" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(`Error: ${messages.appointmentPastDelete}`)).toBeTruthy();
    refuse = false;
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Delete appointment" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(messages.appointmentDeleted)).toBeTruthy();
  });

  it("offers no add screen for a withdrawn patient or a closed program", async () => {
    serve(emptyList);
    render(
      `${base}/schedule-nurse-appointment/create`,
      area({ participant: { id: userId, status: "CONSENT_WITHDRAWN" } as unknown as ParticipantDetails }),
    );
    expect(await screen.findByText(messages.forbidden)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Schedule appointment" })).toBeNull();
  });
});

describe("the nurse appointments page", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists Upcoming from now ascending, switches to Past descending, with the empty states", async () => {
    serve((method, url) => {
      if (method !== "GET" || !url.startsWith(`${apiPath}?`)) return undefined;
      const query = new URL(url, "http://x").searchParams;
      if (query.get("intervalStart"))
        return jsonResponse(200, {
          results: [appointment({ notes: "After the school run please" })],
          totalCount: 1,
        });
      return jsonResponse(200, { results: [], totalCount: 0 });
    });
    const user = userEvent.setup();
    render(`${base}/scheduled-nurse-appointment?filterTime=Upcoming`);
    expect(await screen.findByRole("link", { name: "Blood Test" })).toBeTruthy();
    expect(screen.getByText(/12\/03\/2026 · 10:00–10:30 · Face-to-Face · with Sister Okafor/)).toBeTruthy();
    expect(screen.getByText("Patient's note: After the school run please")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Add appointment/ }).getAttribute("href")).toBe(
      `${base}/schedule-nurse-appointment/create`,
    );
    const upcoming = new URL(calls.at(-1)!.url, "http://x").searchParams;
    expect(upcoming.get("ordering")).toBe("date");
    expect(upcoming.get("_perPage")).toBe("20");
    await user.click(screen.getByRole("button", { name: "Past" }));
    expect(await screen.findByText(messages.noAppointmentsHistory)).toBeTruthy();
    const past = new URL(calls.at(-1)!.url, "http://x").searchParams;
    expect(past.get("ordering")).toBe("-date");
    expect(past.get("intervalEnd")).toBeTruthy();
    expect(past.get("intervalStart")).toBeNull();
  });
});
