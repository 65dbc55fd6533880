import { type Grants, messages, type Program } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture, sharedProgramFieldPermissions } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { CreateProgramForm } from "./create-program-form";
import { DeleteProgram } from "./delete-program";
import { imageProblem } from "./image-upload";
import { ProgramList } from "./program-list";

const orgA = "11111111-1111-4111-8111-111111111111";
const orgB = "22222222-2222-4222-8222-222222222222";

const program = (over: Partial<Program>): Program => programFixture({ organisationId: orgA, ...over });

const programs = [
  program({ projectId: "a0000000-0000-4000-8000-000000000001", name: "Open one", description: "Runs now" }),
  program({ projectId: "a0000000-0000-4000-8000-000000000002", name: "Closed one", closed: true, territory: "US" }),
  program({
    projectId: "a0000000-0000-4000-8000-000000000003",
    name: "Not mine",
    canView: false,
    organisationId: orgB,
    organisationName: "Beta Care",
    territory: "CH",
  }),
];

const choices = {
  results: [
    { organisationId: orgA, name: "Alpha Health" },
    { organisationId: orgB, name: "Beta Care" },
  ],
};

describe("the program list", () => {
  it("groups by organisation and shows closed and unviewable programs disabled", async () => {
    stubFetch({
      "GET /api/v1/pro-dashboard/organisations": () => jsonResponse(200, choices),
      "GET /api/v1/admin/projects?_page=1&_perPage=25": () => jsonResponse(200, { results: programs, totalCount: 3 }),
    });
    renderWithProviders(
      <ProgramList organisationId={null} page={1} onOrganisationChange={vi.fn()} onPageChange={vi.fn()} />,
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Alpha Health" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Beta Care" })).toBeTruthy();
    expect(screen.getByText("3 programs")).toBeTruthy();

    const alpha = screen.getByRole("list", { name: "Programs of Alpha Health" });
    expect(
      within(alpha)
        .getByRole("link", { name: /Open one/ })
        .getAttribute("href"),
    ).toBe("/programs/a0000000-0000-4000-8000-000000000001");
    expect(within(alpha).getByRole("img", { name: "UK/Ireland" })).toBeTruthy();
    expect(within(alpha).getByText("Runs now")).toBeTruthy();

    // Closed: a badge, no link, marked disabled.
    expect(within(alpha).queryByRole("link", { name: /Closed one/ })).toBeNull();
    const closed = within(alpha).getByText("Closed one").closest("[aria-disabled]");
    expect(closed?.getAttribute("aria-disabled")).toBe("true");
    expect(within(closed as HTMLElement).getByText(messages.programClosed)).toBeTruthy();
    expect(within(alpha).getByRole("img", { name: "USA" })).toBeTruthy();

    const beta = screen.getByRole("list", { name: "Programs of Beta Care" });
    expect(within(beta).queryByRole("link")).toBeNull();
    expect(within(beta).getByText("Not mine").closest("[aria-disabled]")?.getAttribute("aria-disabled")).toBe("true");
  });

  it("shows one flat list when an organisation is chosen", async () => {
    const fetchMock = stubFetch({
      "GET /api/v1/pro-dashboard/organisations": () => jsonResponse(200, choices),
      [`GET /api/v1/admin/projects?_page=1&_perPage=25&organisationId=${orgA}`]: () =>
        jsonResponse(200, { results: programs.slice(0, 2), totalCount: 2 }),
    });
    renderWithProviders(
      <ProgramList organisationId={orgA} page={1} onOrganisationChange={vi.fn()} onPageChange={vi.fn()} />,
    );
    expect(await screen.findByRole("list", { name: "Programs" })).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

const stubFormCalls = (extra: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    "GET /api/v1/pro-dashboard/organisations": () => jsonResponse(200, choices),
    "GET /api/v1/admin/projects/patient-id-types": () =>
      jsonResponse(200, {
        patientIdTypes: [
          { id: "nhs_number", name: "NHS Number" },
          { id: "other", name: "Other" },
        ],
      }),
    ...extra,
  });

const renderForm = (actor: Grants, presetOrganisationId: string | null = null, onCreated = vi.fn()) =>
  renderWithProviders(
    <CreateProgramForm
      actor={actor}
      presetOrganisationId={presetOrganisationId}
      onCreated={onCreated}
      onCancel={vi.fn()}
    />,
  );

describe("the create program form", () => {
  it("shows only the always-present fields to a plain creator", async () => {
    stubFormCalls();
    renderForm({ permissions: ["create_project"] });
    expect(screen.getByLabelText(/Program name/)).toBeTruthy();
    expect(screen.getByLabelText(/Description/)).toBeTruthy();
    expect(screen.getByRole("combobox", { name: /Country/ })).toBeTruthy();
    expect(screen.getByLabelText(/Start date/)).toBeTruthy();
    expect(screen.getByRole("combobox", { name: /Default patient identifier/ })).toBeTruthy();
    expect(screen.getByRole("switch", { name: /Populate nurse-visit appointments/ })).toBeTruthy();
    expect(screen.queryByLabelText(/Patient-facing program name/)).toBeNull();
    expect(screen.queryByLabelText(/Participation period/)).toBeNull();
    expect(screen.queryByRole("combobox", { name: /Disable free-text notes/ })).toBeNull();
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByRole("button", { name: /Upload image/ })).toBeNull();
    // A non-admin with two organisations chooses one.
    expect(await screen.findByRole("combobox", { name: /Organisation/ })).toBeTruthy();
  });

  it("shows the optional sections with their permissions, and hides the organisation for an admin with a preset", async () => {
    stubFormCalls();
    renderForm(
      {
        permissions: [
          "admin",
          "create_project",
          ...sharedProgramFieldPermissions,
          "edit_public_invite_codes",
          "upload_project_image",
        ],
      },
      orgA,
    );
    expect(screen.getByLabelText(/Patient-facing program name/)).toBeTruthy();
    expect(screen.getByLabelText(/Participation period/)).toBeTruthy();
    expect(screen.getByRole("combobox", { name: /Disable free-text notes/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Public invite code/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Upload image/ })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: /Organisation/ })).toBeNull();
  });

  it("needs both view and edit for participation weeks, and edit to use the notes control", async () => {
    stubFormCalls();
    renderForm({
      permissions: ["create_project", "view_patient_participation_duration", "view_disable_meds_appointment_notes"],
    });
    expect(screen.queryByLabelText(/Participation period/)).toBeNull();
    expect(screen.queryByRole("combobox", { name: /Disable free-text notes/ })).toBeNull();
  });

  it("validates, then omits empty optional fields and puts the 409 name message on the name", async () => {
    const fetchMock = stubFormCalls({
      "POST /api/v1/admin/projects": () =>
        jsonResponse(409, {
          statusCode: 409,
          message: messages.programNameTaken,
          errors: [{ field: "name", message: messages.programNameTaken }],
        }),
    });
    const user = userEvent.setup();
    renderForm({ permissions: ["admin", "create_project", "edit_public_invite_codes"] }, orgA);
    // Nothing changed: Save is disabled (document 1 §5, decision 031); the first press after a change shows
    // what is missing.
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("radio", { name: /^Private/ }));
    // Changed: Save is enabled, and no message shows before it is pressed.
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(false);
    expect(screen.queryByText(messages.programNameRequired)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.programNameRequired)).toBeTruthy();
    expect(screen.getAllByText(messages.required).length).toBeGreaterThanOrEqual(2);

    // Pasted: once pressed, every keystroke checks the whole form, too slow to type on a loaded machine.
    await user.click(screen.getByLabelText(/Program name/));
    await user.paste("Breast PRO");
    await user.click(screen.getByRole("combobox", { name: /Country/ }));
    await user.click(await screen.findByRole("option", { name: "USA" }));
    await user.type(screen.getByLabelText(/Start date/), "2026-03-01");
    await user.click(screen.getByRole("combobox", { name: /Default patient identifier/ }));
    await user.click(await screen.findByRole("option", { name: "Other" }));
    // Once pressed, the errors follow the values: the new required field says so at once and Save waits for it.
    expect(await screen.findByText(messages.patientIdentifierNameRequired)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);

    await user.click(screen.getByLabelText(/Patient identifier name/));
    await user.paste("Trial number");
    await user.click(screen.getByRole("radio", { name: /^Private/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(screen.getByLabelText(/Program name/).getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(messages.programNameTaken)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: "Breast PRO",
      territory: "US",
      organisationId: orgA,
      startDate: "2026-03-01",
      defaultPatientIdType: "other",
      customPatientIdName: "Trial number",
      populateNvAppointments: false,
      // The shared schema's default.
      inviteMode: "individual",
      kind: "private",
    });
  });

  it("checks an image before sending it", () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(imageProblem(null)).toBe(messages.imageMissing);
    expect(imageProblem(file("a.gif", "image/gif"))).toBe(messages.imageUnsupported);
    expect(imageProblem(file("a.png", "image/png", 5 * 1024 * 1024 + 1))).toBe(messages.imageTooLarge);
    expect(imageProblem(file(`${"n".repeat(47)}.png`, "image/png"))).toBe(messages.imageNameTooLong);
    expect(imageProblem(file("a.jpg", "image/jpeg"))).toBeNull();
  });
});

describe("the delete program tab", () => {
  const target = program({ name: "Old study" });
  const path = `DELETE /api/v1/admin/projects/${target.projectId}`;

  it("warns, confirms in a popover, and shows the server's 409 message", async () => {
    stubFetch({ [path]: () => jsonResponse(409, { statusCode: 409, message: messages.programHasMembers }) });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DeleteProgram program={fromWire(target)} onDeleted={onDeleted} />);
    expect(screen.getByText(/irreversible/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete this program" }));
    const popover = await screen.findByRole("dialog");
    await user.click(within(popover).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Delete this program" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete program" }));
    expect(await screen.findByText(messages.programHasMembers)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("reports the deletion", async () => {
    stubFetch({ [path]: () => new Response(null, { status: 204 }) });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DeleteProgram program={fromWire(target)} onDeleted={onDeleted} />);
    await user.click(screen.getByRole("button", { name: "Delete this program" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete program" }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });
});
