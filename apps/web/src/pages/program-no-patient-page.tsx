import { messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";

/** /programs/{programId} with no patient chosen yet. */
export const ProgramNoPatientPage = () => <EmptyState title={messages.programEmptyPrompt} />;
