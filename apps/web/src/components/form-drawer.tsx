import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import type { FieldValues, SubmitHandler, UseFormReturn } from "react-hook-form";
import { Form, FormSubmitButton } from "./form";

/**
 * A right-hand drawer holding a form, labelled by the form's title. The form is mounted only while the drawer is
 * open (so it starts afresh each time); `children` receives the id its title must carry.
 */
export const FormDrawer = ({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: (titleId: string) => ReactNode;
}) => {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: "dialog", "aria-labelledby": titleId } }}
    >
      {open ? children(titleId) : null}
    </Drawer>
  );
};

/**
 * The inside of a {@link FormDrawer}: title and Close, the form's fields, then the submit and Cancel buttons. The form
 * is a `useSchemaForm` (decision 031): its submit button is disabled until something changed, while errors are
 * shown and while the form is being sent.
 */
export const FormDrawerContent = <Input extends FieldValues, Output>({
  titleId,
  title,
  width,
  form,
  onSubmit,
  onClose,
  submitLabel,
  pending,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** The drawer's width from the `sm` breakpoint up (it fills the screen below). */
  width: number;
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: SubmitHandler<Output>;
  onClose: () => void;
  submitLabel: ReactNode;
  /** While the form is being sent (disables submit and Cancel). */
  pending: boolean;
  children: ReactNode;
}) => (
  <Box sx={{ width: { xs: "100vw", sm: width }, p: 3, display: "flex", flexDirection: "column", height: "100%" }}>
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2 }}>
      <Typography variant="h2" id={titleId}>
        {title}
      </Typography>
      <IconButton aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </Box>
    <Form form={form} onSubmit={onSubmit} aria-labelledby={titleId}>
      {children}
      {/* Sticky: on a short screen the buttons stay in view while the fields scroll. */}
      <Box
        sx={{
          display: "flex",
          gap: 2,
          mt: 1,
          py: 2,
          position: "sticky",
          bottom: 0,
          zIndex: 1,
          bgcolor: "background.paper",
        }}
      >
        <FormSubmitButton pending={pending}>{submitLabel}</FormSubmitButton>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
      </Box>
    </Form>
  </Box>
);
