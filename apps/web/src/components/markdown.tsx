import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import ReactMarkdown, { type Components, defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Markdown written by program staff (the consent message), rendered with `react-markdown` and
 * `remark-gfm` (CommonMark plus tables, strikethrough, task lists and autolinks) into React elements.
 * Raw HTML is never rendered (it shows as text); links go only to http(s) and mailto addresses,
 * anything else keeps its label and loses the link; images show their description only, so a text
 * cannot load anything from elsewhere. Headings sit one level below the page's h1.
 */

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

/** Keeps http, https and mailto URLs (normalised by react-markdown's own transform); drops the rest. */
export const safeUrl = (url: string): string | null => {
  const cleaned = defaultUrlTransform(url.trim());
  return SAFE_PROTOCOL.test(cleaned) ? cleaned : null;
};

const heading =
  (variant: "h2" | "h3" | "h4" | "h5" | "h6") =>
  ({ children }: { children?: ReactNode }) => (
    <Typography variant={variant} component={variant} sx={{ mt: 3, mb: 1, "&:first-child": { mt: 0 } }}>
      {children}
    </Typography>
  );

const components: Components = {
  h1: heading("h2"),
  h2: heading("h3"),
  h3: heading("h4"),
  h4: heading("h5"),
  h5: heading("h6"),
  h6: heading("h6"),
  p: ({ children }) => (
    <Typography component="p" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  ),
  a: ({ href, children }) =>
    href ? (
      <Link
        href={href}
        {...(href.toLowerCase().startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
      >
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <>{alt}</>,
  ul: ({ children }) => (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5, "& ul, & ol": { mb: 0 } }}>
      {children}
    </Box>
  ),
  ol: ({ children, start }) => (
    <Box component="ol" start={start} sx={{ pl: 3, mt: 0, mb: 1.5, "& ul, & ol": { mb: 0 } }}>
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Typography component="li" sx={{ mb: 0.5, "& > p": { mb: 0.5 } }}>
      {children}
    </Typography>
  ),
  table: ({ children }) => (
    <TableContainer sx={{ mb: 1.5 }}>
      <Table size="small">{children}</Table>
    </TableContainer>
  ),
  thead: ({ children }) => <TableHead>{children}</TableHead>,
  tbody: ({ children }) => <TableBody>{children}</TableBody>,
  tr: ({ children }) => <TableRow>{children}</TableRow>,
  th: ({ children, style }) => (
    <TableCell component="th" scope="col" align={cellAlign(style)} sx={{ fontWeight: 600 }}>
      {children}
    </TableCell>
  ),
  td: ({ children, style }) => <TableCell align={cellAlign(style)}>{children}</TableCell>,
};

const cellAlign = (style: unknown): "left" | "center" | "right" | undefined => {
  const align = (style as { textAlign?: string } | undefined)?.textAlign;
  return align === "left" || align === "center" || align === "right" ? align : undefined;
};

export const Markdown = ({ source }: { source: string }) => (
  <Box sx={{ "& > :last-child": { mb: 0 } }}>
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml={false} urlTransform={safeUrl} components={components}>
      {source}
    </ReactMarkdown>
  </Box>
);
