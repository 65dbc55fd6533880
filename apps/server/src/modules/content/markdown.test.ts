import { describe, expect, it } from "vitest";
import { parseMarkdownDocument } from "./markdown.js";

const english = { title: "text", version: "text", updatedAt: "instant" } as const;
const parse = (text: string) => parseMarkdownDocument(text, { source: "en/eula.md", fields: english });
const front = "---\ntitle: Privacy Policy\nversion: 1.0\nupdatedAt: 2026-11-01T00:00:00.000Z\n---\n";

describe("a legal text written in Markdown", () => {
  it("reads the front matter and turns headings, paragraphs and lists into blocks", () => {
    expect(
      parse(
        `${front}\nThis policy explains what OpenPRO records.\n\n## Your rights\n\n- See the data held about you.\n- Correct it.\n\n## Who can see it\nOnly staff of your program.\n`,
      ),
    ).toEqual({
      fields: { title: "Privacy Policy", version: "1.0", updatedAt: "2026-11-01T00:00:00.000Z" },
      blocks: [
        { type: "paragraph", text: "This policy explains what OpenPRO records." },
        { type: "heading", text: "Your rights" },
        { type: "list", items: ["See the data held about you.", "Correct it."] },
        { type: "heading", text: "Who can see it" },
        { type: "paragraph", text: "Only staff of your program." },
      ],
    });
  });

  it("joins a paragraph's lines and an item's indented lines with a space, and ends a list at a blank line", () => {
    const { blocks } = parse(
      `${front}\nOpenPRO supports, and does not replace,\nclinical judgement.\n- Keep your password\n  to yourself.\n- Sign out.\n\n- Another list.\n\nA paragraph before a heading line:\n## 1. Licence\n`,
    );
    expect(blocks).toEqual([
      { type: "paragraph", text: "OpenPRO supports, and does not replace, clinical judgement." },
      { type: "list", items: ["Keep your password to yourself.", "Sign out."] },
      { type: "list", items: ["Another list."] },
      { type: "paragraph", text: "A paragraph before a heading line:" },
      { type: "heading", text: "1. Licence" },
    ]);
  });

  it("accepts Windows line ends, a byte order mark, quoted values and blank lines in the front matter", () => {
    const text =
      "\uFEFF---\r\ntitle: \"Terms: 2026\"\r\n\r\nversion: '2.0'\r\nupdatedAt: 2026-11-27T00:00:00.000Z\r\n---\r\n## Availability  \r\n";
    expect(parse(text)).toEqual({
      fields: { title: "Terms: 2026", version: "2.0", updatedAt: "2026-11-27T00:00:00.000Z" },
      blocks: [{ type: "heading", text: "Availability" }],
    });
  });

  it("refuses a malformed front matter with the file and line", () => {
    expect(() => parse("## Title\n")).toThrow(/^en\/eula\.md:1: the file must start with its front matter/);
    expect(() => parse("---\ntitle: A\nversion: 1\n")).toThrow(
      "en/eula.md:1: the front matter opened here is not closed by a line ---",
    );
    expect(() => parse("---\ntitle: A\nversion 1\n---\nText\n")).toThrow(
      'en/eula.md:3: expected "name: value" in the front matter, found "version 1"',
    );
    expect(() => parse("---\ntitle: A\nverison: 1\n---\nText\n")).toThrow(
      'en/eula.md:3: unknown front matter field "verison" (the fields are title, version, updatedAt)',
    );
    expect(() => parse("---\ntitle: A\ntitle: B\n---\nText\n")).toThrow('en/eula.md:3: "title" is given twice');
    expect(() => parse("---\ntitle:\n---\nText\n")).toThrow('en/eula.md:2: "title" has no value');
    expect(() => parse("---\ntitle: A\nversion: 1\nupdatedAt: 2026-11-01\n---\nText\n")).toThrow(
      'en/eula.md:4: "updatedAt" must be an instant in UTC written like 2026-11-01T00:00:00.000Z, found "2026-11-01"',
    );
    expect(() => parse("---\ntitle: A\nversion: 1\nupdatedAt: 2026-02-30T00:00:00.000Z\n---\nText\n")).toThrow(
      /en\/eula\.md:4: "updatedAt" must be an instant/,
    );
    expect(() => parse("---\ntitle: A\n---\nText\n")).toThrow(
      "en/eula.md:3: the front matter lacks version, updatedAt",
    );
    expect(() => parse(`${front}\n\n`)).toThrow("en/eula.md:5: the document has no text after its front matter");
  });

  it("refuses what Markdown would show otherwise than as a heading, a paragraph or a list, with the file and line", () => {
    const onLine9 = (body: string) => () => parse(`${front}\nText.\n\n${body}\n`);
    expect(onLine9("# Privacy")).toThrow(
      'en/eula.md:9: a heading is "## " followed by its text; no other heading level is used (found "# Privacy")',
    );
    expect(onLine9("### Rights")).toThrow(/^en\/eula\.md:9: a heading is "## "/);
    expect(onLine9("##")).toThrow(/^en\/eula\.md:9: a heading is "## "/);
    expect(onLine9("* Correct it.")).toThrow('en/eula.md:9: a list item starts with "- " (found "* Correct it.")');
    expect(onLine9("-Correct it.")).toThrow(/^en\/eula\.md:9: a list item is "- " followed by its text/);
    expect(onLine9("-")).toThrow(/^en\/eula\.md:9: a list item is "- " followed by its text/);
    expect(onLine9("1. See the data.")).toThrow(/^en\/eula\.md:9: numbered lists are not supported/);
    expect(onLine9("> Quoted")).toThrow(/^en\/eula\.md:9: quotes are not supported/);
    expect(onLine9("```")).toThrow(/^en\/eula\.md:9: code blocks are not supported/);
    expect(onLine9("| a | b |")).toThrow(/^en\/eula\.md:9: tables are not supported/);
    expect(onLine9("<div>")).toThrow(/^en\/eula\.md:9: HTML is not supported/);
    expect(onLine9("---")).toThrow(/^en\/eula\.md:9: rules and underlined headings are not supported/);
    expect(onLine9("Text is **bold**.")).toThrow(
      "en/eula.md:9: bold (** or __) is not supported: the text is shown as written",
    );
    expect(onLine9("See [the policy](https://example.org).")).toThrow(
      /^en\/eula\.md:9: a link \[text\]\(address\) is not supported/,
    );
    expect(onLine9("Run `npm start`.")).toThrow(/^en\/eula\.md:9: code \(`\) is not supported/);
    expect(onLine9("    Indented text.")).toThrow(/^en\/eula\.md:9: an indented line may only continue a list item/);
    expect(onLine9("- Item.\nNot indented.")).toThrow(/^en\/eula\.md:10: text right after a list item/);
  });
});
