import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { OutboxList } from "./outbox-list";

describe("the outbox", { timeout: 20_000 }, () => {
  it("shows each mail as one card: its subject, status, addressee and text together", async () => {
    stubFetch({
      "GET /api/v1/admin/outbox?_page=1&_perPage=25": () =>
        jsonResponse(200, {
          results: [
            {
              id: "m1",
              to: "ann@example.org",
              subject: "Your sign-in code",
              text: "Your code is 123456. https://openpro.example/a/very/long/link/that/once/pushed/the/status/off-screen",
              status: "stored",
              createdAt: "2026-11-21T10:00:00.000Z",
              sentAt: null,
            },
          ],
          totalCount: 1,
        }),
    });
    renderWithProviders(<OutboxList />);
    const mails = await screen.findByRole("list", { name: "Outbox e-mails" });
    const mail = within(mails).getByRole("listitem");
    // No columns to scroll to: the status sits in the card's first line beside the subject.
    within(mail).getByRole("heading", { name: "Your sign-in code" });
    within(mail).getByText("Stored");
    within(mail).getByText(/^To ann@example.org · created 21\/11\/2026, \d\d:00$/);
    within(mail).getByText(/Your code is 123456/);
    expect(screen.queryByRole("table")).toBeNull();
  });
});
