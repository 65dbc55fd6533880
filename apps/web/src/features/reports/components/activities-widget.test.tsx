import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StepsWidget } from "./activities-widget";

const steps = [
  { date: "2026-03-01", total: 12_480 },
  { date: "2026-03-02", total: 9_906 },
];

describe("the steps widget", { timeout: 20_000 }, () => {
  it("groups the thousands of the total and of each day, and labels the axis short", () => {
    const { container } = render(<StepsWidget steps={steps} totals={{ total: 522_071, dailyAvg: 11_193.4 }} />);
    screen.getByText("522,071");
    screen.getByText("11,193");
    screen.getByRole("cell", { name: "12,480" });
    // The axis margin holds "10k", where "10,000" was cut to "10,0…".
    const ticks = [...container.querySelectorAll(".MuiChartsAxis-directionY .MuiChartsAxis-tickLabel")].map(
      (t) => t.textContent ?? "",
    );
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d+(\.\d)?k?$/i);
  });
});
