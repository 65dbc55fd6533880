import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { RichTextBlock } from "@openpro/core";
import type { ReactNode } from "react";

const plain = (text: string): ReactNode => text;

/**
 * Renders text blocks (the server's rich-text documents, parsed Markdown) as React elements, never HTML.
 * Headings sit one level below the page's h1. `renderText` turns a block's text into inline content.
 */
export const TextBlocks = ({
  blocks,
  renderText = plain,
}: {
  blocks: readonly RichTextBlock[];
  renderText?: (text: string, key: string) => ReactNode;
}) => (
  <>
    {blocks.map((block, index) => {
      const key = `${block.type}-${index}`;
      switch (block.type) {
        case "heading":
          return (
            <Typography key={key} variant="h2" sx={{ mt: index === 0 ? 0 : 3, mb: 1 }}>
              {renderText(block.text, key)}
            </Typography>
          );
        case "paragraph":
          return (
            <Typography key={key} component="p" sx={{ mb: 1.5 }}>
              {renderText(block.text, key)}
            </Typography>
          );
        case "list":
          return (
            <Box component="ul" key={key} sx={{ pl: 3, mt: 0, mb: 1.5 }}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items may repeat and never reorder
                <Typography component="li" key={itemIndex} sx={{ mb: 0.5 }}>
                  {renderText(item, `${key}-${itemIndex}`)}
                </Typography>
              ))}
            </Box>
          );
        default:
          return null;
      }
    })}
  </>
);
