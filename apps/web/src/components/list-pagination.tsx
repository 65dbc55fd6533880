import TablePagination from "@mui/material/TablePagination";

/**
 * The pages of a server-paged list, with MUI's pagination bar: `page` counts from 1 as the API's
 * `_page` does, and choosing another page size goes back to page 1.
 */
export const ListPagination = ({
  count,
  page,
  perPage,
  perPageOptions,
  onChange,
}: {
  /** How many items the list has in all. */
  count: number;
  page: number;
  perPage: number;
  perPageOptions: number[];
  onChange: (page: number, perPage: number) => void;
}) => (
  <TablePagination
    component="div"
    count={count}
    page={page - 1}
    onPageChange={(_, next) => onChange(next + 1, perPage)}
    rowsPerPage={perPage}
    rowsPerPageOptions={perPageOptions}
    onRowsPerPageChange={(event) => onChange(1, Number(event.target.value))}
  />
);
