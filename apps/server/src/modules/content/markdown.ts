import type { RichTextBlock } from "@openpro/core";

/** How a front matter value is checked: any text, or an instant written as 2026-11-01T00:00:00.000Z. */
export type FrontMatterField = "text" | "instant";

/**
 * A legal text as its Markdown file gives it (docs/translations.md): a front matter block
 * (`---`, one `name: value` line per field, `---`), then the body, where `## text` is a heading,
 * a run of `- item` lines a list (an indented line continues the item above) and any other text,
 * up to a blank line, a paragraph (its lines joined by a space). Hospitals' legal teams and
 * translators edit these files, so anything else Markdown would render differently (other
 * heading levels, other lists, quotes, code, tables, HTML, inline formatting) is refused with
 * the file and line rather than served as written.
 */
export const parseMarkdownDocument = <K extends string>(
  text: string,
  { source, fields }: { source: string; fields: Record<K, FrontMatterField> },
): { fields: Record<K, string>; blocks: RichTextBlock[] } => {
  const problem = (line: number, what: string) => new Error(`${source}:${line}: ${what}`);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const names = Object.keys(fields) as K[];

  if (lines[0]?.trim() !== "---")
    throw problem(
      1,
      `the file must start with its front matter: a line ---, then ${names.join(", ")} (one "name: value" a line), then ---`,
    );
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---");
  if (end < 0) throw problem(1, "the front matter opened here is not closed by a line ---");
  const values: Partial<Record<K, string>> = {};
  for (let i = 1; i < end; i++) {
    const line = lines[i]?.trim() ?? "";
    if (line === "") continue;
    const match = /^([A-Za-z][\w-]*)\s*:(.*)$/.exec(line);
    if (!match) throw problem(i + 1, `expected "name: value" in the front matter, found "${line}"`);
    const name = match[1] as K;
    if (!Object.hasOwn(fields, name))
      throw problem(i + 1, `unknown front matter field "${name}" (the fields are ${names.join(", ")})`);
    if (values[name] !== undefined) throw problem(i + 1, `"${name}" is given twice`);
    const value = unquoted((match[2] ?? "").trim());
    if (value === "") throw problem(i + 1, `"${name}" has no value`);
    if (fields[name] === "instant" && !isInstant(value))
      throw problem(
        i + 1,
        `"${name}" must be an instant in UTC written like 2026-11-01T00:00:00.000Z, found "${value}"`,
      );
    values[name] = value;
  }
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw problem(end + 1, `the front matter lacks ${missing.join(", ")}`);

  const blocks: RichTextBlock[] = [];
  let open: { type: "paragraph"; lines: string[] } | { type: "list"; items: string[] } | undefined;
  const close = () => {
    if (open?.type === "paragraph") blocks.push({ type: "paragraph", text: open.lines.join(" ") });
    if (open?.type === "list") blocks.push({ type: "list", items: open.items });
    open = undefined;
  };
  for (let i = end + 1; i < lines.length; i++) {
    const n = i + 1;
    const line = (lines[i] ?? "").trimEnd();
    if (line === "") {
      close();
      continue;
    }
    // The line has no trailing blank, so "## " and "- " are followed by text.
    const indented = /^\s/.test(line);
    const heading = line.startsWith("## ");
    const item = line.startsWith("- ");
    const construct = indented || heading || item ? undefined : lineConstructs.find(([pattern]) => pattern.test(line));
    if (construct) throw problem(n, `${construct[1]} (found "${line}")`);
    const content = line.trim();
    const inline = inlineFormatting.find(([pattern]) => pattern.test(content));
    if (inline) throw problem(n, `${inline[1]} is not supported: the text is shown as written`);
    if (indented) {
      const items = open?.type === "list" ? open.items : undefined;
      if (!items)
        throw problem(n, "an indented line may only continue a list item: start paragraphs and headings at the margin");
      items[items.length - 1] += ` ${content}`;
      continue;
    }
    if (heading) {
      close();
      blocks.push({ type: "heading", text: line.slice(3).trim() });
      continue;
    }
    if (item) {
      if (open?.type !== "list") {
        close();
        open = { type: "list", items: [] };
      }
      open.items.push(line.slice(2).trim());
      continue;
    }
    if (open?.type === "list")
      throw problem(
        n,
        "text right after a list item: leave a blank line before a paragraph, or indent the line to continue the item",
      );
    if (!open) open = { type: "paragraph", lines: [] };
    open.lines.push(content);
  }
  close();
  if (blocks.length === 0) throw problem(end + 1, "the document has no text after its front matter");
  return { fields: values as Record<K, string>, blocks };
};

/** Lines Markdown would render as something other than our headings, paragraphs and lists. */
const lineConstructs: [RegExp, string][] = [
  [/^#/, 'a heading is "## " followed by its text; no other heading level is used'],
  [/^(-{3,}|\*{3,}|_{3,}|=+)$/, "rules and underlined headings are not supported"],
  [/^-(\S|$)/, 'a list item is "- " followed by its text'],
  [/^[*+]\s/, 'a list item starts with "- "'],
  [/^\d+[.)]\s/, 'numbered lists are not supported: write the items as "- " lines (the number may stay in the text)'],
  [/^>/, "quotes are not supported"],
  [/^(```|~~~)/, "code blocks are not supported"],
  [/^\|/, "tables are not supported"],
  [/^<[A-Za-z!/]/, "HTML is not supported"],
];

const inlineFormatting: [RegExp, string][] = [
  [/\*\*|__/, "bold (** or __)"],
  [/`/, "code (`)"],
  [/\]\(/, "a link [text](address)"],
  [/<\/?[A-Za-z][^>]*>/, "HTML"],
];

const unquoted = (value: string) => /^(["'])(.*)\1$/.exec(value)?.[2] ?? value;

const isInstant = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;
