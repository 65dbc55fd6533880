import { messages } from "@openpro/core";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { temperatures } from "../report-fixture";
import { TemperatureChart, TemperatureTable, TemperatureWidget } from "./temperature-widget";

describe("temperature", { timeout: 20_000 }, () => {
  it("lists Day, Time, Temperature newest first, with high (> 37.5) and low (≤ 36) in words", () => {
    render(<TemperatureTable temperatures={temperatures} />);
    const table = screen.getByRole("table", { name: "Temperature timeline" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Day", "Time", "Temperature"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual([
      "03/03/2026",
      "02/03/2026",
      "01/03/2026",
    ]);
    expect(within(rows[0]!).getAllByRole("cell")[2]!.textContent).toBe("35.9 °CLow");
    expect(within(rows[1]!).getAllByRole("cell")[2]!.textContent).toBe("38.2 °CHigh");
    expect(within(rows[2]!).getAllByRole("cell")[2]!.textContent).toBe("36.8 °C");
    expect(within(rows[2]!).getAllByRole("cell")[1]!.textContent).toMatch(/^\d{2}:\d{2}$/);
  });

  it("draws a lone reading as a point (a line needs two)", () => {
    // jsdom lays nothing out: the chart reads its surface's width from the computed style.
    const computed = window.getComputedStyle.bind(window);
    vi.spyOn(window, "getComputedStyle").mockImplementation((element, pseudo) => {
      const style = computed(element, pseudo);
      if (!element.classList.contains("MuiChartsSurface-root")) return style;
      return { ...style, width: "600px", height: "240px" } as CSSStyleDeclaration;
    });
    const { container } = render(<TemperatureChart temperatures={temperatures.slice(0, 1)} />);
    expect(container.querySelectorAll(".MuiLineChart-markPlot .MuiLineChart-mark")).toHaveLength(1);
  });

  it("says so when nothing was logged", () => {
    render(<TemperatureWidget temperatures={[]} />);
    screen.getByText(messages.noTemperatureLogs);
  });
});
