import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  batchSelectorOptions,
  canAddBatchSelector,
  canRemoveBatchSelector,
  jsonFileProblem,
  outcomeMeasuresApply,
  unselectedActiveTypes,
} from "./questionnaire-settings.js";

describe("batch selectors", () => {
  const items = ["a", "b", "c", "d"].map((id) => ({ id, name: id.toUpperCase() }));

  it("removes each choice from the other selectors but keeps a selector's own", () => {
    expect(batchSelectorOptions(items, ["a", "c", null], 0).map((i) => i.id)).toEqual(["a", "b", "d"]);
    expect(batchSelectorOptions(items, ["a", "c", null], 2).map((i) => i.id)).toEqual(["b", "d"]);
  });

  it("never offers a questionnaire chosen elsewhere, and always offers the selector's own choice", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom("a", "b", "c", "d"), { nil: null }), { minLength: 1, maxLength: 6 }),
        fc.nat(5),
        (chosen, at) => {
          const index = at % chosen.length;
          const options = batchSelectorOptions(items, chosen, index).map((i) => i.id);
          chosen.forEach((id, i) => {
            if (id && i !== index && id !== chosen[index]) expect(options).not.toContain(id);
          });
          if (chosen[index] && !chosen.some((id, i) => i !== index && id === chosen[index]))
            expect(options).toContain(chosen[index]);
        },
      ),
    );
  });

  it("adds selectors up to min(available, 10) and removes them only above 2", () => {
    expect(canAddBatchSelector(2, 3)).toBe(true);
    expect(canAddBatchSelector(3, 3)).toBe(false);
    expect(canAddBatchSelector(9, 25)).toBe(true);
    expect(canAddBatchSelector(10, 25)).toBe(false);
    expect(canRemoveBatchSelector(2)).toBe(false);
    expect(canRemoveBatchSelector(3)).toBe(true);
  });
});

describe("outcome measures", () => {
  it("apply only to programs created before 30 January 2025", () => {
    expect(outcomeMeasuresApply("2025-01-29T23:59:59.000Z")).toBe(true);
    expect(outcomeMeasuresApply("2025-01-30T00:00:00.000Z")).toBe(false);
  });

  it("names exactly the active types a change would unselect", () => {
    expect(unselectedActiveTypes(["EQ5D", "BN20", "FACTG"], ["BN20"], ["EQ5D", "BN20"])).toEqual(["EQ5D"]);
    fc.assert(
      fc.property(
        fc.subarray(["EQ5D", "BN20", "QLQC30", "FACTG"]),
        fc.subarray(["EQ5D", "BN20", "QLQC30", "FACTG"]),
        fc.subarray(["EQ5D", "BN20", "QLQC30", "FACTG"]),
        (before, after, active) => {
          const refused = unselectedActiveTypes(before, after, active);
          for (const type of refused) expect(before.includes(type) && !after.includes(type)).toBe(true);
          for (const type of active)
            if (before.includes(type) && !after.includes(type)) expect(refused).toContain(type);
        },
      ),
    );
  });
});

describe("questionnaire files", () => {
  const texts = { missing: "none", type: "type", size: "size", name: "name" };
  it("takes a .json file of at most 5 MB with a name of at most 50 characters", () => {
    expect(jsonFileProblem({ name: "check-in.json", size: 1000, type: "application/json" }, texts)).toBeNull();
    expect(jsonFileProblem({ name: "check-in.json", size: 1000, type: "" }, texts)).toBeNull();
    expect(jsonFileProblem(null, texts)).toBe("none");
    expect(jsonFileProblem({ name: "check-in.txt", size: 10, type: "text/plain" }, texts)).toBe("type");
    expect(jsonFileProblem({ name: "a.json", size: 5 * 1024 * 1024 + 1, type: "application/json" }, texts)).toBe(
      "size",
    );
    expect(jsonFileProblem({ name: `${"n".repeat(46)}.json`, size: 10, type: "application/json" }, texts)).toBe("name");
    expect(
      jsonFileProblem({ name: `${"n".repeat(45)}.json`, size: 5 * 1024 * 1024, type: "application/json" }, texts),
    ).toBeNull();
  });
});
