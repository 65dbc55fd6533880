import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

describe("the markdown renderer", () => {
  it("renders paragraphs, bold, italic, lists and http(s) links only", () => {
    const { container } = render(
      <Markdown
        source={
          "Hello **world** and *you*.\n\n- one\n- [two](https://example.org)\n\n[bad](javascript:alert(1)) <script>alert(1)</script> <b>raw</b>"
        }
      />,
    );
    expect(container.querySelector("strong")?.textContent).toBe("world");
    expect(container.querySelector("em")?.textContent).toBe("you");
    expect(container.querySelectorAll("li")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "two" }).getAttribute("href")).toBe("https://example.org");
    expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<script>alert(1)</script>");
  });

  it("links only to http, https and mailto; other schemes keep their label and lose the link", () => {
    const { container } = render(
      <Markdown
        source={[
          "[site](https://example.org/a?b=1) [plain](http://example.org) [write](mailto:team@example.org)",
          "[js](JavaScript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [file](file:///etc/passwd)",
          "[rel](/admin) <https://auto.example.org> ![pixel](https://tracker.example.org/p.gif)",
          '<a href="javascript:alert(1)">html link</a> <img src=x onerror="alert(1)">',
        ].join("\n\n")}
      />,
    );
    const hrefs = screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(hrefs).toEqual([
      ["site", "https://example.org/a?b=1"],
      ["plain", "http://example.org"],
      ["write", "mailto:team@example.org"],
      ["https://auto.example.org", "https://auto.example.org"],
    ]);
    expect(screen.getByRole("link", { name: "site" }).getAttribute("rel")).toBe("noopener noreferrer");
    for (const label of ["js", "data", "vb", "file", "rel"]) expect(container.textContent).toContain(label);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain("pixel");
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(container.textContent).toContain('<a href="javascript:alert(1)">');
  });

  it("renders a table with its header cells and alignment", () => {
    render(
      <Markdown
        source={
          "Visits:\n\n| Visit | Week | Fasting |\n| :--- | ---: | :---: |\n| Baseline | 0 | yes |\n| **Follow-up** | 12 | no |"
        }
      />,
    );
    const table = screen.getByRole("table");
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Visit", "Week", "Fasting"]);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Follow-up", "12", "no"]);
    expect(within(rows[2] as HTMLElement).getByText("Follow-up").tagName).toBe("STRONG");
    expect(within(rows[1] as HTMLElement).getAllByRole("cell")[1]?.className).toMatch(/alignRight/);
  });

  it("renders numbered lists, their start number and lists nested in lists", () => {
    const { container } = render(
      <Markdown
        source={[
          "1. Read the information",
          "2. Ask your questions",
          "   - about the visits",
          "   - about your data",
          "     1. who sees it",
          "3. Decide",
          "",
          "Then:",
          "",
          "4. Sign",
          "5. Keep a copy",
        ].join("\n")}
      />,
    );
    const [first, second] = container.querySelectorAll(":scope > div > ol");
    expect(first?.querySelectorAll(":scope > li")).toHaveLength(3);
    const nested = first?.querySelector(":scope > li:nth-child(2) > ul");
    expect([...(nested?.querySelectorAll(":scope > li") ?? [])].map((li) => li.firstChild?.textContent)).toEqual([
      "about the visits",
      "about your data",
    ]);
    expect(nested?.querySelector("li > ol > li")?.textContent).toBe("who sees it");
    expect(second?.getAttribute("start")).toBe("4");
    expect(second?.querySelectorAll("li")).toHaveLength(2);
  });
});
