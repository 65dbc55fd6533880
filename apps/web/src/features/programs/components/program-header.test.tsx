import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fromWire } from "../../../lib/wire";
import { programFixture } from "../../../test-fixtures";
import { renderWithProviders } from "../../../test-utils";
import { ProgramHeader } from "./program-header";

describe("the program header", () => {
  it("leads back to the programs list (document 2 §2)", () => {
    renderWithProviders(
      <ProgramHeader program={fromWire(programFixture({ name: "Breast" }))} current="participants" />,
    );
    expect(screen.getByRole("link", { name: "All programs" }).getAttribute("href")).toBe("/programs");
    expect(screen.getByRole("heading", { level: 1, name: "Breast" })).toBeTruthy();
  });
});
