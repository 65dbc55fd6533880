import { messages } from "@openpro/core";
import { EmptyState } from "../components/empty-state";

/** /programs/{projectId}/participants/*: the participant area (document 2) is not built yet. */
export const ProgramParticipantsPage = () => (
  <section aria-labelledby="program-participants-heading">
    <h2 id="program-participants-heading" className="visually-hidden">
      Participants
    </h2>
    <EmptyState title={messages.notAvailableYet}>The program's participants will be listed here.</EmptyState>
  </section>
);
