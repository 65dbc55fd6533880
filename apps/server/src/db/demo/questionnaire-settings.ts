import { hardcodedTypeIds, validateCustomQuestionnaire } from "@openpro/core";
import type { Db } from "../kysely.js";
import sideEffectsDiary from "./questionnaires/treatment-side-effects-diary.json" with { type: "json" };
import weeklyCheckIn from "./questionnaires/weekly-oncology-check-in.json" with { type: "json" };

/**
 * Questionnaire settings of every demo program: two custom questionnaires written for the demo
 * (a weekly oncology check-in that branches, and a short side-effects diary), one batch (the
 * check-in with EQ-5D) and one plan (the check-in, then the diary two days after completion when
 * the patient reported pain), and EQ-5D and QLQ-C30 as outcome measures. Deterministic.
 */

export const demoCustomQuestionnaires = [
  { name: "Weekly oncology check-in", file: weeklyCheckIn },
  { name: "Treatment side-effects diary", file: sideEffectsDiary },
] as const;

const parsed = (spec: unknown) => {
  const result = validateCustomQuestionnaire(spec);
  if (!result.ok) throw new Error(`Demo questionnaire is invalid: ${JSON.stringify(result.problems)}`);
  return result.questionnaire;
};

export const seedQuestionnaireSettings = async (db: Db, { now }: { now: Date }) => {
  const programs = await db.selectFrom("programs").select("id").orderBy("name").execute();
  const specs = demoCustomQuestionnaires.map((q) => ({ name: q.name, specification: JSON.stringify(parsed(q.file)) }));
  for (const program of programs) {
    const [checkIn, diary] = await db
      .insertInto("questionnaireTypes")
      .values(
        specs.map((s) => ({
          programId: program.id,
          kind: "custom" as const,
          code: null,
          name: s.name,
          specification: s.specification,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning("id")
      .execute();
    const batch = await db
      .insertInto("questionnaireBatches")
      .values({ programId: program.id, name: "Weekly check-in with EQ-5D", createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("questionnaireBatchMembers")
      .values([
        { batchId: batch.id, questionnaireTypeId: checkIn!.id, memberOrder: 1 },
        { batchId: batch.id, questionnaireTypeId: hardcodedTypeIds.EQ5D, memberOrder: 2 },
      ])
      .execute();
    const plan = await db
      .insertInto("questionnairePlans")
      .values({ programId: program.id, name: "Check-in, then side effects if in pain", createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("questionnairePlanMembers")
      .values([
        {
          planId: plan.id,
          memberOrder: 1,
          memberType: "questionnaire",
          questionnaireTypeId: checkIn!.id,
          questionnaireBatchId: null,
          schedulingType: null,
          frequency: "0",
          frequencyCustom: null,
          delayType: null,
          responseWindow: 3,
        },
        {
          planId: plan.id,
          memberOrder: 2,
          memberType: "questionnaire",
          questionnaireTypeId: diary!.id,
          questionnaireBatchId: null,
          schedulingType: "delay_with_condition",
          conditionType: "question",
          condition: JSON.stringify({ questionId: "pain", answer: "1" }),
          delay: 2,
          delayType: "from_completion",
          frequency: "1",
          frequencyCustom: null,
          numberToSend: 3,
          responseWindow: 1,
        },
      ])
      .execute();
    await db
      .updateTable("programs")
      .set({ availableQuestionnaireTypes: ["EQ5D", "QLQC30"] })
      .where("id", "=", program.id)
      .execute();
  }
};
