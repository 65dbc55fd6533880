import { render, screen } from "@testing-library/react";
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
});
