import { describe, expect, it } from "vitest";
import { formatPhoneForTerritory, phoneToE164 } from "./phone-numbers.js";

describe("a care team's phone number, as typed in the program's territory", () => {
  it("takes the territory's national format and international numbers, in E.164", () => {
    expect(phoneToE164("0113 206 8000", "UK_IRE")).toBe("+441132068000");
    expect(phoneToE164(" 01 234 5678 ", "UK_IRE")).toBe("+35312345678");
    expect(phoneToE164("(212) 555-0123", "US")).toBe("+12125550123");
    expect(phoneToE164("044 668 18 00", "CH")).toBe("+41446681800");
    expect(phoneToE164("+44 113 206 8000", "US")).toBe("+441132068000");
  });

  it("refuses what is no number of the territory", () => {
    expect(phoneToE164("0113 206 8000", "US")).toBeNull();
    expect(phoneToE164("0999 999 9999", "UK_IRE")).toBeNull();
    expect(phoneToE164("123456", "UK_IRE")).toBeNull();
    expect(phoneToE164("", "UK_IRE")).toBeNull();
    expect(phoneToE164("ward seven", "UK_IRE")).toBeNull();
  });

  it("reads a stored number back nationally in its own country, internationally elsewhere", () => {
    expect(formatPhoneForTerritory("+441132068000", "UK_IRE")).toBe("0113 206 8000");
    expect(formatPhoneForTerritory("+35312345678", "UK_IRE")).toBe("+353 1 234 5678");
    expect(formatPhoneForTerritory("+441132068000", "CH")).toBe("+44 113 206 8000");
    expect(formatPhoneForTerritory("not a number", "US")).toBe("not a number");
  });
});
