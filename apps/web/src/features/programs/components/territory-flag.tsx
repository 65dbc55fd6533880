import Box from "@mui/material/Box";
import { type Territory, territoryLabels } from "@openpro/core";
import type { ReactNode } from "react";

// Small drawn flags: emoji flags are missing on many desktop systems (Windows, Linux without emoji fonts).
const flags: Record<Territory, ReactNode> = {
  UK_IRE: (
    <>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0L60 40M60 0L0 40" stroke="#fff" strokeWidth="8" />
      <path d="M0 0L60 40M60 0L0 40" stroke="#C8102E" strokeWidth="3" />
      <path d="M30 0V40M0 20H60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0V40M0 20H60" stroke="#C8102E" strokeWidth="7" />
    </>
  ),
  US: (
    <>
      <rect width="60" height="40" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 40) / 13} width="60" height={40 / 13} fill="#B22234" />
      ))}
      <rect width="26" height={(7 * 40) / 13} fill="#3C3B6E" />
    </>
  ),
  CH: (
    <>
      <rect width="60" height="40" fill="#DA291C" />
      <path d="M30 8V32M18 20H42" stroke="#fff" strokeWidth="7" />
    </>
  ),
};

/** The territory's flag, announced by its label. */
export const TerritoryFlag = ({ territory }: { territory: Territory }) => (
  <Box
    component="svg"
    viewBox="0 0 60 40"
    role="img"
    aria-label={territoryLabels[territory]}
    sx={{ width: 30, height: 20, flexShrink: 0, borderRadius: "2px", boxShadow: "0 0 0 1px #d5dbe3", mt: 0.25 }}
  >
    <title>{territoryLabels[territory]}</title>
    {flags[territory]}
  </Box>
);
