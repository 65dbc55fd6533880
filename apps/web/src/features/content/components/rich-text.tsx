import { Box, Typography } from "@mui/material";
import type { RichTextBlock } from "@openpro/core";

/** Renders typed rich-text blocks as text (never HTML). Headings sit one level below the page's h1. */
export const RichText = ({ blocks }: { blocks: RichTextBlock[] }) => (
  <>
    {blocks.map((block, index) => {
      const key = `${block.type}-${index}`;
      switch (block.type) {
        case "heading":
          return (
            <Typography key={key} variant="h2" sx={{ mt: index === 0 ? 0 : 3, mb: 1 }}>
              {block.text}
            </Typography>
          );
        case "paragraph":
          return (
            <Typography key={key} component="p" sx={{ mb: 1.5 }}>
              {block.text}
            </Typography>
          );
        case "list":
          return (
            <Box component="ul" key={key} sx={{ pl: 3, mt: 0, mb: 1.5 }}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items may repeat and never reorder
                <Typography component="li" key={itemIndex} sx={{ mb: 0.5 }}>
                  {item}
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
