import { alertsApi } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { assertWireNames, fromWire } from "./wire";

describe("the web's edge with the wire", () => {
  it("names a response's program programId, keeping every other field", () => {
    expect(fromWire({ projectId: "p1", name: "Breast" })).toEqual({ programId: "p1", name: "Breast" });
  });

  it("stops a call that gives the wire the web's name for a program, which the queue's lenient query would drop", () => {
    expect(() => assertWireNames(alertsApi.list, { query: { _page: 1, programId: "p1" } })).toThrow(/projectId/);
    expect(() => assertWireNames(alertsApi.list, { query: { _page: 1, projectId: "p1" } })).not.toThrow();
  });
});
