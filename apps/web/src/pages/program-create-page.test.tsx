import { messages } from "@openpro/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInStaffUser } from "../test-fixtures";
import { jsonResponse, renderSignedIn, signedInSession, stubFetch } from "../test-utils";
import { ProgramCreatePage } from "./program-create-page";

const organisationA = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

/** Ada, an administrator of the platform, with the given permissions. */
const adminSession = (permissions: string[]) =>
  signedInSession(
    signedInStaffUser({
      id: "11111111-1111-4111-8111-111111111111",
      firstName: "Ada",
      lastName: "Admin",
      email: "ada@openpro.test",
      userRole: "superadmin",
      permissions,
    }),
  );

const renderPage = (permissions: string[], route: string) =>
  renderSignedIn(adminSession(permissions), <ProgramCreatePage />, { route });

describe("the create program page for an admin (no organisation field: 1-foundation.md §2)", () => {
  it("asks an admin who came without an organisation to choose one first, as links to the form", async () => {
    stubFetch({
      "GET /api/v1/admin/organisations?_page=1&_perPage=25": () =>
        jsonResponse(200, {
          results: [
            {
              organisationId: organisationA,
              name: "Northbridge Health",
              description: null,
              programCount: 2,
              createdAt: "2026-01-05T09:00:00.000Z",
            },
          ],
          totalCount: 1,
        }),
    });
    renderPage(["admin", "create_project", "view_organisations"], "/programs/create");
    expect(screen.getByText(messages.chooseProgramOrganisation)).toBeTruthy();
    const link = await screen.findByRole("link", { name: "Northbridge Health" });
    expect(link.getAttribute("href")).toBe(`/programs/create?organisationId=${organisationA}`);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("shows the form without an organisation field once the organisation is chosen", async () => {
    stubFetch({ "GET /api/v1/admin/patient-id-types": () => jsonResponse(200, { patientIdTypes: [] }) });
    renderPage(["admin", "create_project", "view_organisations"], `/programs/create?organisationId=${organisationA}`);
    expect(await screen.findByRole("button", { name: "Save" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: /Organisation/ })).toBeNull();
    expect(screen.queryByText(messages.chooseProgramOrganisation)).toBeNull();
  });
});
