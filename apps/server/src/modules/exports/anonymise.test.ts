import { birthYear, researchExportKinds } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { headerOf, newExportSalt, projectRow, pseudonym, pseudonymiser } from "./anonymise.js";
import { csvCell, csvEntries, xlsxEntries } from "./formats.js";
import { readZip, zipStream } from "./zip.js";

const collect = async (stream: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
};

describe("anonymisation of a research export", () => {
  const patient = "6f1c2a0e-3b9d-4e57-a2c1-0d9e8f7a6b5c";

  it("gives a patient one key per export, a different one in the next export, and never the id", () => {
    const first = newExportSalt();
    const second = newExportSalt();
    const key = pseudonym(first, patient);
    expect(key).toMatch(/^P-[0-9a-f]{16}$/);
    expect(pseudonym(first, patient)).toBe(key);
    expect(pseudonym(second, patient)).not.toBe(key);
    expect(key).not.toContain(patient.slice(0, 8));
    expect(pseudonym(first, "another-patient")).not.toBe(key);
    // A response key and a patient key of the same id are unrelated.
    expect(pseudonym(first, patient, "R")).not.toBe(key.replace("P-", "R-"));
    const memo = pseudonymiser(first);
    expect(memo(patient)).toBe(key);
  });

  it("keeps the year of birth only", () => {
    expect(birthYear("1961-04-12")).toBe(1961);
    expect(birthYear(null)).toBeNull();
    expect(birthYear("not a date")).toBeNull();
  });

  it("leaves identifying columns out of every anonymised kind, and keeps them when identifiable", () => {
    const identifying = [
      "user_id",
      "first_name",
      "last_name",
      "email",
      "patient_identifier",
      "date_of_birth",
      "note",
      "notes",
      "with_whom",
    ];
    for (const kind of researchExportKinds) {
      const anonymised = headerOf(kind, true);
      expect(anonymised[0]).toBe("patient_key");
      for (const column of identifying) expect(anonymised).not.toContain(column);
      expect(headerOf(kind, false)).toContain("user_id");
    }
    const record = {
      patient_key: "P-1",
      user_id: patient,
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace@patients.test",
      date_of_birth: "1961-04-12",
      birth_year: 1961,
    };
    const row = projectRow("participants", true, record);
    expect(row).toHaveLength(headerOf("participants", true).length);
    expect(row.join("|")).not.toMatch(/Grace|Hopper|grace@|1961-04-12|6f1c2a0e/);
    expect(row).toContain(1961);
    expect(projectRow("participants", false, record)).toContain("grace@patients.test");
  });

  it("quotes CSV cells and never lets a spreadsheet run a formula", () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell(-3.5)).toBe("-3.5");
    expect(csvCell(null)).toBe("");
  });
});

describe("the streaming ZIP and XLSX writers", () => {
  const sheet = (name: string, rows: number) => ({
    name,
    header: ["patient_key", "value"],
    pages: async function* () {
      for (let start = 0; start < rows; start += 1000)
        yield Array.from({ length: Math.min(1000, rows - start) }, (_, i) => [`P-${start + i}`, start + i]);
    },
  });

  it("writes a CSV zip whose files read back whole, across many deflate segments", async () => {
    const zip = await collect(zipStream(csvEntries([sheet("symptoms", 30_000), sheet("appointments", 0)])));
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(["symptoms.csv", "appointments.csv"]);
    const lines = files.get("symptoms.csv")!.toString("utf8").trimEnd().split("\r\n");
    expect(lines).toHaveLength(30_001);
    expect(lines[0]).toBe("patient_key,value");
    expect(lines.at(-1)).toBe("P-29999,29999");
    expect(files.get("appointments.csv")!.toString("utf8")).toBe("patient_key,value\r\n");
  });

  it("writes a workbook with one sheet per kind, named in the workbook", async () => {
    const files = readZip(await collect(zipStream(xlsxEntries([sheet("symptoms", 3), sheet("measurements", 1)]))));
    expect(files.get("xl/workbook.xml")!.toString()).toContain('<sheet name="measurements" sheetId="2" r:id="rId2"/>');
    const first = files.get("xl/worksheets/sheet1.xml")!.toString();
    expect(first).toContain('<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">patient_key</t>');
    expect(first).toContain(
      '<row r="4"><c r="A4" t="inlineStr"><is><t xml:space="preserve">P-2</t></is></c><c r="B4"><v>2</v></c></row>',
    );
    expect(files.get("[Content_Types].xml")!.toString()).toContain("/xl/worksheets/sheet2.xml");
  });
});
