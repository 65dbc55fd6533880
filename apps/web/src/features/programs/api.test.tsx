import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { useProgram } from "./api";

const projectId = "33333333-3333-4333-8333-333333333333";

const ProgramName = () => {
  const program = useProgram(projectId);
  return <p>{program.isError ? "Program not found" : (program.data?.name ?? "Loading")}</p>;
};

describe("a missing program", () => {
  it("is answered by the program page alone: its 404 is the page's own, no global error dialog", async () => {
    stubFetch({
      [`GET /api/v1/admin/projects/${projectId}`]: () =>
        jsonResponse(404, { statusCode: 404, message: "Program not found" }),
    });
    const { queryClient, findByText } = renderWithProviders(<ProgramName />);
    expect(await findByText("Program not found")).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryCache().findAll()[0]?.state.status).toBe("error"));
    // The global handler leaves statuses a query owns alone (app/error-handling.ts).
    expect(queryClient.getQueryCache().findAll()[0]?.meta?.ownStatuses).toContain(404);
  });
});
