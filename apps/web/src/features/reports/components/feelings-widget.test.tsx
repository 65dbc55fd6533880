import type { LogItem } from "@openpro/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test-utils";
import { FeelingsWidget } from "./feelings-widget";

const feeling = (logId: string, date: string, value: number, extra: Partial<LogItem> = {}): LogItem =>
  ({
    logId,
    logClass: "FEELING",
    date,
    localDate: date.slice(0, 10),
    logTypeId: null,
    validationStatus: null,
    validationReason: null,
    level: null,
    data: { value, note: null },
    ...extra,
  }) as LogItem;

describe("the patient dashboard's feelings", () => {
  it("lists how the patient felt, newest first, in words, without invalidated logs", () => {
    renderWithProviders(
      <FeelingsWidget
        logs={[
          feeling("f1", "2026-11-24T09:00:00.000Z", 4),
          feeling("f2", "2026-11-26T09:00:00.000Z", 1, { data: { value: 1, note: "Low all day" } } as Partial<LogItem>),
          feeling("f3", "2026-11-25T09:00:00.000Z", 5, { validationStatus: "Removed" }),
          { ...feeling("t1", "2026-11-25T10:00:00.000Z", 38), logClass: "TEMPERATURE" },
        ]}
      />,
    );
    const section = screen.getByRole("region", { name: "Feelings" });
    const rows = within(within(section).getByRole("table")).getAllByRole("row").slice(1);
    expect(
      rows.map(
        (r) =>
          within(r)
            .getAllByRole("cell")
            .map((c) => c.textContent)[2],
      ),
    ).toEqual(["Very bad (1 of 5)", "Good (4 of 5)"]);
    within(rows[0]!).getByText("Low all day");
  });

  it("says when nothing was logged", () => {
    renderWithProviders(<FeelingsWidget logs={[]} />);
    expect(screen.getByRole("status").textContent).toBe("No feelings logged in this period.");
  });
});
