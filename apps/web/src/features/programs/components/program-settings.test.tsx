import { type Grants, messages, type Program } from "@openpro/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture, sharedProgramFieldPermissions } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { ProgramSettingsForm } from "./program-settings-form";

const projectId = "33333333-3333-4333-8333-333333333333";

const program: Program = programFixture({
  projectId,
  name: "Heart Study",
  description: "Weekly symptoms",
  consentMessage: "Please consent",
  temperatureMin: 36,
  temperatureMax: 38,
  articles: [{ articleId: "a1", header: "Diet", url: "https://example.org/diet" }],
  projectPeriod: 12,
});

const everything: Grants = {
  permissions: [
    "edit_project",
    "view_project_consent_message",
    "edit_project_consent_message",
    ...sharedProgramFieldPermissions,
    "view_project_temperature_severity_threshold",
    "edit_project_temperature_severity_threshold",
    "view_project_articles",
    "upload_project_image",
  ],
};

const renderForm = (actor: Grants = everything) =>
  renderWithProviders(<ProgramSettingsForm program={fromWire(program)} actor={actor} />);

/** The form, its Save answered with the program unchanged; `sent()` is the body of the last save. */
const renderFormThatSaves = () => {
  let body: unknown;
  stubFetch({
    [`PATCH /api/v1/admin/projects/${projectId}`]: (init) => {
      body = JSON.parse(String(init?.body));
      return jsonResponse(200, program);
    },
  });
  const user = userEvent.setup();
  renderForm();
  return { user, sent: () => body };
};

const stickyBar = () => screen.queryByRole("region", { name: "Unsaved changes" });

describe("the general settings form", () => {
  it("removes the program image with the program's own DELETE call", async () => {
    const withImage = { ...program, imageUrl: "/api/v1/images/x", thumbnailUrl: "/api/v1/images/x/thumbnail" };
    const fetchMock = stubFetch({
      [`DELETE /api/v1/admin/projects/${projectId}/image`]: () => new Response(null, { status: 204 }),
      [`GET /api/v1/admin/projects/${projectId}`]: () => jsonResponse(200, { ...withImage, imageUrl: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProgramSettingsForm program={fromWire(withImage)} actor={everything} />);
    await user.click(screen.getByRole("button", { name: "Remove image" }));
    expect(await screen.findByText(messages.imageSaved)).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`);
    expect(calls).toContain(`DELETE /api/v1/admin/projects/${projectId}/image`);
    expect(calls.some((c) => c.startsWith("PATCH"))).toBe(false);
  });

  it("shows the sticky bar once the form is changed, says while invalid why Save is off, and Discard resets it", async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderForm();
    expect(stickyBar()).toBeNull();

    const name = screen.getByLabelText(/Program name/);
    await user.clear(name);
    // Changed but invalid: the bar stays (with Discard), Save is off and the bar says why.
    expect(await screen.findByText(messages.programNameRequired)).toBeTruthy();
    await waitFor(() => expect(stickyBar()).toBeTruthy());
    expect(within(stickyBar()!).getByRole("status").textContent).toMatch(/not valid yet/);
    expect(within(stickyBar()!).getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", true);

    await user.type(name, "Heart Study 2");
    await waitFor(() =>
      expect(within(stickyBar()!).getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", false),
    );
    expect(within(stickyBar()!).queryByRole("status")).toBeNull();

    await user.click(within(stickyBar()!).getByRole("button", { name: "Discard changes" }));
    await waitFor(() => expect(stickyBar()).toBeNull());
    expect((screen.getByLabelText(/Program name/) as HTMLInputElement).value).toBe("Heart Study");
  });

  it("sends only the changed fields and says 'Program saved'", async () => {
    let sent: unknown;
    const fetchMock = stubFetch({
      [`PATCH /api/v1/admin/projects/${projectId}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...program, disclaimer: "Not medical advice", name: "Heart Study 2" });
      },
    });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Program name/), " 2");
    await user.type(screen.getByLabelText(/^Disclaimer/), "Not medical advice");
    await waitFor(() => expect(stickyBar()).toBeTruthy());
    await user.click(within(stickyBar()!).getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText(messages.programSaved)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent).toEqual({ name: "Heart Study 2", disclaimer: "Not medical advice" });
    await waitFor(() => expect(stickyBar()).toBeNull());
  });

  it("corrects the start date (typed in the reader's order) and the patient identifier type", async () => {
    let sent: unknown;
    stubFetch({
      [`PATCH /api/v1/admin/projects/${projectId}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...program, ...(sent as object) });
      },
    });
    const user = userEvent.setup();
    renderForm();
    const start = screen.getByLabelText(/^Start date/) as HTMLInputElement;
    expect(start.value).toBe("01/01/2026");
    await user.clear(start);
    await user.type(start, "15/02/2026");
    await user.click(screen.getByRole("combobox", { name: /Default patient identifier/ }));
    await user.click(await screen.findByRole("option", { name: "Hospital ID" }));
    await waitFor(() => expect(stickyBar()).toBeTruthy());
    await user.click(within(stickyBar()!).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(messages.programSaved)).toBeTruthy();
    expect(sent).toEqual({ startDate: "2026-02-15", defaultPatientIdType: "hospital_id" });
  });

  it("sends articles added and removed as the whole list", async () => {
    const { user, sent } = renderFormThatSaves();
    await user.click(screen.getByRole("button", { name: "Remove article 1" }));
    await user.click(screen.getByRole("button", { name: "Add article" }));
    await user.type(screen.getByLabelText(/Article 1 header/), "Exercise");
    await user.type(screen.getByLabelText(/Article 1 link/), "ftp://x");
    expect(await screen.findByText(messages.invalidUrl)).toBeTruthy();
    expect(within(stickyBar()!).getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", true);
    await user.clear(screen.getByLabelText(/Article 1 link/));
    await user.type(screen.getByLabelText(/Article 1 link/), "https://example.org/move");
    await waitFor(() => expect(screen.getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", false));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(messages.programSaved);
    expect(sent()).toEqual({ articles: [{ header: "Exercise", url: "https://example.org/move" }] });
  });

  it("shows the temperature messages and sends the thresholds as numbers", async () => {
    const { user, sent } = renderFormThatSaves();
    const low = screen.getByLabelText(/Low temperature/);
    const high = screen.getByLabelText(/High temperature/);
    await user.clear(low);
    await user.type(low, "19");
    expect(await screen.findByText(messages.minValue(20))).toBeTruthy();
    await user.clear(high);
    await user.type(high, "51");
    expect(await screen.findByText(messages.maxValue(50))).toBeTruthy();
    await user.clear(low);
    await user.type(low, "abc");
    expect(await screen.findByText(messages.notValidValue)).toBeTruthy();
    expect(within(stickyBar()!).getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", true);

    await user.clear(low);
    await user.type(low, "35.5");
    await user.clear(high);
    await user.type(high, "38");
    await waitFor(() => expect(screen.getByRole("button", { name: "Save changes" })).toHaveProperty("disabled", false));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText(messages.programSaved);
    expect(sent()).toEqual({ temperatureMin: 35.5, temperatureMax: 38 });
  });

  it("uploads a program image and saves it at once: 'Image saved'", async () => {
    let sent: unknown;
    const image = { imageUrl: "/api/v1/images/i1", thumbnailUrl: "/api/v1/images/i1/thumbnail" };
    stubFetch({
      "POST /api/v1/admin/upload-image": () => jsonResponse(201, image),
      [`PATCH /api/v1/admin/projects/${projectId}`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...program, ...image });
      },
    });
    const user = userEvent.setup();
    renderForm();
    const file = new File([new Uint8Array([137, 80, 78, 71])], "heart.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Program image file"), file);
    expect(await screen.findByText(messages.imageSaved)).toBeTruthy();
    expect(sent).toEqual(image);
    expect(screen.queryByText(messages.imageUploaded)).toBeNull();
  });

  it("disables every input without its edit permission and hides what needs view and edit", () => {
    stubFetch({});
    renderForm({
      permissions: [
        "view_project_consent_message",
        "view_patient_program_name",
        "view_patient_participation_duration",
        "view_disable_meds_appointment_notes",
        "view_project_temperature_severity_threshold",
        "view_project_articles",
      ],
    });
    for (const label of [
      /Program name/,
      /Patient-facing program name/,
      /^Description/,
      /^Consent message/,
      /^Disclaimer/,
      /^Adverse event reporting message/,
      /Low temperature/,
      /High/,
      /Temperature alert message/,
      /Article 1 header/,
      /Article 1 link/,
    ]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, String(label)).toBe(true);
    }
    expect(
      (screen.getByRole("switch", { name: /Populate nurse-visit appointments/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole("button", { name: "Add article" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: /Upload image/ }) as HTMLButtonElement).disabled).toBe(true);
    // It says why nothing can be changed.
    expect(screen.getByText(messages.programSettingsReadOnly)).toBeTruthy();
    expect(screen.queryByLabelText(/Participation period/)).toBeNull();
    expect(screen.queryByRole("combobox", { name: /Disable free-text notes/ })).toBeNull();
  });

  it("enables a gated field only with its own edit permission", () => {
    stubFetch({});
    renderForm({
      permissions: ["edit_project", "view_project_consent_message", "view_project_temperature_severity_threshold"],
    });
    expect((screen.getByLabelText(/Program name/) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText(/^Consent message/) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Low temperature/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText(/Patient-facing program name/)).toBeNull();
  });
});
