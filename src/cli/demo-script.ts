import type { ExperienceInput } from '../spec/memory-record.ts';

/** A short afternoon in the life of a coding agent: every type of experience, important and not. */
export const DEMO_EXPERIENCES: ExperienceInput[] = [
  { type: 'chat', content: 'User: good morning! how was your night?', context: { userId: 'sam', roomId: 'dm-sam' } },
  { type: 'observation', content: 'The CI queue has 3 jobs waiting', tags: ['ci'] },
  { type: 'chat', content: 'User: Remember this: production deploys need a second reviewer.', context: { userId: 'sam', userDirectMessage: true }, tags: ['deploy'] },
  { type: 'task', content: 'Migrate the billing service from MySQL to Postgres', context: { taskId: 'BILL-42' }, tags: ['billing', 'db'] },
  { type: 'tool-use', content: 'Ran pg_dump on the staging database (2.1 GB, 4 min)', context: { taskId: 'BILL-42', actionTaken: true } },
  { type: 'error', content: 'Migration failed: foreign key violation on invoices.customer_id', context: { taskId: 'BILL-42' }, tags: ['db'] },
  { type: 'observation', content: 'btw the office coffee machine is broken again' },
  { type: 'insight', content: 'Orphaned invoices must be cleaned before the foreign keys are created', context: { taskId: 'BILL-42', errorRecovered: true }, tags: ['db'] },
  { type: 'decision', content: 'We decided to run the billing migration in two phases: data first, constraints second', tags: ['billing'] },
  { type: 'chat', content: 'User: I really prefer short status updates, bullet points only.', context: { userId: 'sam', mentionedMe: true } },
  { type: 'observation', content: 'Disk usage on build-02 is at 41%', importance: 0.2 },
  { type: 'chat', content: 'User: lol ok', context: { userId: 'sam' }, importance: 0.15 },
];
