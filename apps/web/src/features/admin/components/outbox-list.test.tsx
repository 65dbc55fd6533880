import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { outboxWithSignInCode } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { OutboxList } from "./outbox-list";

describe("the outbox", { timeout: 20_000 }, () => {
  it("shows each mail as one card: its subject, status, addressee and text together", async () => {
    stubFetch({
      "GET /api/v1/admin/outbox?_page=1&_perPage=25": () =>
        jsonResponse(
          200,
          outboxWithSignInCode(
            "Your code is 123456. https://openpro.example/a/very/long/link/that/once/pushed/the/status/off-screen",
          ),
        ),
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
