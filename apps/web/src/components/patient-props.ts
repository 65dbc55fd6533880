/** What a card, button or dialog about one patient of a program is given: the program, and the patient's account. */
export interface PatientOfProgram {
  programId: string;
  userId: string;
}

/** The same, with the patient's name as the card or dialog shows it. */
export interface NamedPatientOfProgram extends PatientOfProgram {
  patientName: string;
}
