import { Box, Link } from "@mui/material";
import type { RichTextBlock } from "@openpro/core";
import type { ReactNode } from "react";
import { TextBlocks } from "./text-blocks";

/**
 * A deliberately tiny Markdown renderer for texts written by program staff (the consent message):
 * paragraphs, headings (one level below the page's h1), bullet lists, **bold**, *italic* / _italic_ and
 * [links](https://…). Everything becomes React elements, so raw HTML in the source shows as text;
 * links other than http(s) show their label only.
 */

const inlinePatterns: { kind: "link" | "bold" | "italic"; regex: RegExp }[] = [
  { kind: "link", regex: /\[([^\]\n]+)\]\(([^)\s]+)\)/ },
  { kind: "bold", regex: /\*\*(.+?)\*\*|__(.+?)__/ },
  { kind: "italic", regex: /\*([^*\n]+)\*|_([^_\n]+)_/ },
];

const isSafeHref = (href: string): boolean => /^https?:\/\/[^\s]+$/i.test(href);

const renderInline = (text: string, keyPrefix = "i"): ReactNode[] => {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest.length > 0) {
    let best: { kind: (typeof inlinePatterns)[number]["kind"]; match: RegExpExecArray } | null = null;
    for (const { kind, regex } of inlinePatterns) {
      const match = regex.exec(rest);
      if (match && (best === null || match.index < best.match.index)) best = { kind, match };
    }
    if (!best) {
      nodes.push(rest);
      break;
    }
    const { kind, match } = best;
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const key = `${keyPrefix}-${index++}`;
    const inner = match[1] ?? match[2] ?? "";
    if (kind === "link") {
      const href = match[2] ?? "";
      nodes.push(
        isSafeHref(href) ? (
          <Link key={key} href={href} target="_blank" rel="noopener noreferrer">
            {renderInline(inner, key)}
          </Link>
        ) : (
          <span key={key}>{renderInline(inner, key)}</span>
        ),
      );
    } else if (kind === "bold") {
      nodes.push(<strong key={key}>{renderInline(inner, key)}</strong>);
    } else {
      nodes.push(<em key={key}>{renderInline(inner, key)}</em>);
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return nodes;
};

const bullet = /^\s*[-*+]\s+/;
const heading = /^\s*#{1,6}\s+/;

const parseBlocks = (source: string): RichTextBlock[] => {
  const blocks: RichTextBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", text: paragraph.join(" ") });
    if (list) blocks.push({ type: "list", items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
    } else if (heading.test(line)) {
      flush();
      blocks.push({ type: "heading", text: line.replace(heading, "") });
    } else if (bullet.test(line)) {
      if (paragraph.length) flush();
      list = list ?? [];
      list.push(line.replace(bullet, ""));
    } else if (list && /^\s{2,}/.test(raw)) {
      // A continuation line of the last bullet.
      list[list.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
};

export const Markdown = ({ source }: { source: string }) => (
  <Box sx={{ "& > :last-child": { mb: 0 } }}>
    <TextBlocks blocks={parseBlocks(source)} renderText={renderInline} />
  </Box>
);
