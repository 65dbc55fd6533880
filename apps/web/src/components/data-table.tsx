import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: "left" | "right";
  /** A header only assistive technology reads (a column of row actions). */
  headerHidden?: boolean;
}

/**
 * A plain table of rows. With `hidden`, it is the screen-reader equivalent of a chart (the chart
 * itself is aria-hidden), kept out of sight but in the accessibility tree.
 */
export const DataTable = <T,>({
  caption,
  columns,
  rows,
  rowKey,
  hidden = false,
}: {
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  hidden?: boolean;
}) => {
  const table = (
    <Table size="small">
      <caption className={hidden ? undefined : "visually-hidden"}>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.header} align={c.align} scope="col">
              {c.headerHidden ? <span className="visually-hidden">{c.header}</span> : c.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)}>
            {columns.map((c) => (
              <TableCell key={c.header} align={c.align}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  // A table cannot be narrower than its content, so the 1 px box of visually-hidden does not hold
  // one: its full width stayed in the layout and the page scrolled sideways into it. A block can.
  // A shown table wider than its card (seven grade columns on a phone) scrolls inside the card
  // rather than widening the page.
  return hidden ? (
    <div className="visually-hidden">{table}</div>
  ) : (
    <Box sx={{ overflowX: "auto", maxWidth: "100%", position: "relative" }}>{table}</Box>
  );
};

/** Wraps a chart: hidden from assistive technology, which reads the table beside it instead. */
export const ChartFrame = ({ children }: { children: ReactNode }) => (
  <div aria-hidden="true" style={{ width: "100%" }}>
    {children}
  </div>
);

/**
 * What every chart in a {@link ChartFrame} is given: no animation, and no keyboard stops in it (the table beside it
 * is what a keyboard or a screen reader uses).
 */
export const framedChart = { skipAnimation: true, disableKeyboardNavigation: true } as const;
