/**
 * Plausible free-text values of a patient's record, for the demo data the API loads and the
 * factories of tests and stories. Not a rule: the portal accepts any text in these fields.
 */
export const SAMPLE_TEXT = {
  ongoingTreatments: [
    'none',
    'physiotherapy twice a week',
    'insulin therapy',
    'antiviral course',
    'blood pressure monitoring',
    'post-operative care',
  ],
  unhealthyHabits: ['none', 'smoking', 'alcohol on weekends', 'little exercise', 'late nights'],
  historyDetails: [
    'Routine check-up, all normal.',
    'Fever and cough; prescribed rest and fluids.',
    'Follow-up blood test reviewed.',
    'Vaccination given.',
    'Blood pressure slightly high; advised diet changes.',
    'Sprained ankle; strapped and rested.',
  ],
  appointmentTopics: ['Follow-up', 'Annual check-up', 'Blood test', 'Vaccination', 'Consultation'],
} as const;
