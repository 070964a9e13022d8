/** The example schema of the contract (section 2.1): a course module, and records shaped by it. */

const strings = (minItems: number, maxItems: number) => ({ type: 'array', items: { type: 'string' }, minItems, maxItems });
const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required: Object.keys(properties),
});
const text = { type: 'string' };

export const courseModuleSchema = object({
  title: text,
  learningObjectives: strings(3, 8),
  coreConcepts: {
    type: 'array',
    minItems: 2,
    maxItems: 6,
    items: object({ name: text, definition: text, importance: text, explanation: text, keyInsight: text, example: text, checkQuestions: strings(2, 3) }),
  },
  practiceSets: {
    type: 'array',
    minItems: 2,
    maxItems: 4,
    items: object({
      topicName: text,
      problems: {
        type: 'array',
        minItems: 2,
        maxItems: 4,
        items: object({ type: { type: 'string', enum: ['scenario', 'application', 'analysis', 'design'] }, setup: text, guidingQuestions: strings(2, 4) }),
      },
    }),
  },
  conceptConnections: { type: 'array', minItems: 1, maxItems: 3, items: object({ concept1: text, concept2: text, relationship: text }) },
  bigPictureUnderstanding: text,
  commonMisconceptions: { type: 'array', minItems: 2, maxItems: 4, items: object({ misconception: text, whyItHappens: text, correctUnderstanding: text }) },
  realWorldApplications: { type: 'array', minItems: 2, maxItems: 5, items: object({ context: text, description: text }) },
  extensionChallenges: strings(2, 3),
  keyVocabulary: { type: 'array', minItems: 3, maxItems: 10, items: object({ term: text, definition: text, contextExample: text }) },
  reflectionQuestions: strings(3, 3),
  nextSteps: object({ topicsToReview: strings(1, 3), relatedTopicsToExplore: strings(1, 3), homeworkPreparation: strings(0, 5) }),
});

/** A valid course module; `n` varies the text so that many of them differ. */
export function courseModule(topic: string, n = 0): Record<string, unknown> {
  const s = (what: string) => `${what} of ${topic} (${n})`;
  const concept = (i: number) => ({
    name: s(`Concept ${i}`),
    definition: s('Definition'),
    importance: s('Why it matters'),
    explanation: s('Explanation'),
    keyInsight: s('Key insight'),
    example: s('Example'),
    checkQuestions: [s('Check question 1'), s('Check question 2')],
  });
  const problem = (type: string) => ({ type, setup: s('Setup'), guidingQuestions: [s('Guiding question 1'), s('Guiding question 2')] });
  return {
    title: `${topic} ${n > 0 ? n : ''}`.trim(),
    learningObjectives: [s('Objective 1'), s('Objective 2'), s('Objective 3')],
    coreConcepts: [concept(1), concept(2), concept(3)],
    practiceSets: [
      { topicName: s('Practice A'), problems: [problem('scenario'), problem('analysis')] },
      { topicName: s('Practice B'), problems: [problem('application'), problem('design')] },
    ],
    conceptConnections: [{ concept1: s('Concept 1'), concept2: s('Concept 2'), relationship: s('Relationship') }],
    bigPictureUnderstanding: s('The big picture'),
    commonMisconceptions: [
      { misconception: s('Misconception 1'), whyItHappens: s('Cause'), correctUnderstanding: s('Correction') },
      { misconception: s('Misconception 2'), whyItHappens: s('Cause'), correctUnderstanding: s('Correction') },
    ],
    realWorldApplications: [
      { context: s('Context 1'), description: s('Description') },
      { context: s('Context 2'), description: s('Description') },
    ],
    extensionChallenges: [s('Challenge 1'), s('Challenge 2')],
    keyVocabulary: [1, 2, 3].map((i) => ({ term: s(`Term ${i}`), definition: s('Definition'), contextExample: s('In context') })),
    reflectionQuestions: [s('Reflection 1'), s('Reflection 2'), s('Reflection 3')],
    nextSteps: { topicsToReview: [s('Review')], relatedTopicsToExplore: [s('Explore')], homeworkPreparation: [s('Prepare')] },
  };
}

/** Course modules making about `bytes` of formatted JSON; the first one's title has the wrong type. */
export function courseModulesOfSize(bytes: number): Record<string, unknown>[] {
  const modules: Record<string, unknown>[] = [];
  for (let size = 0; size < bytes; size += JSON.stringify(modules[modules.length - 1], null, 2).length) {
    modules.push(courseModule(`Topic ${modules.length}`, modules.length));
  }
  modules[0].title = 42;
  return modules;
}

/** The same module with a few schema problems: a wrong type, a missing property, an extra key, item counts. */
export function brokenCourseModule(topic: string): Record<string, unknown> {
  const rest = courseModule(topic);
  delete rest.bigPictureUnderstanding;
  return {
    ...rest,
    title: 42,
    learningObjectives: ['Only one objective'],
    reflectionQuestions: ['Just one', 'and two'],
    draftNotes: 'not part of the schema',
  };
}
