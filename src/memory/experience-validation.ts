import type { EngineConfig } from '../config/config-schema.ts';
import { createExperienceSchema } from '../config/experience-schema.ts';
import { newMemoryIdSchema } from '../config/identifiers.ts';
import { parseWith } from '../config/parse.ts';
import { ValidationError } from '../errors/validation-error.ts';
import type { Clock, IdGenerator } from '../spec/clock.ts';
import type { ExperienceInput, MemoryRecord } from '../spec/memory-record.ts';
import { buildRecord } from './build-record.ts';

/** Turns caller input into a full record of this agent and session, or throws a `ValidationError`. */
export type ExperienceValidator = (input: ExperienceInput) => MemoryRecord;

/**
 * The one gate every experience passes before the engine stores it: size
 * limit first (with its own error code), then the schema, then id and importance.
 *
 * @example
 * const toRecord = createExperienceValidator({ limits, clock, generateId, agentId: 'ada', sessionId: 's-1' });
 * const record = toRecord({ type: 'decision', content: 'Ship on Fridays only after the canary is green' });
 */
export function createExperienceValidator(options: {
  limits: EngineConfig['limits'];
  clock: Clock;
  generateId: IdGenerator;
  agentId: string;
  sessionId: string;
}): ExperienceValidator {
  const { limits, clock, generateId, agentId, sessionId } = options;
  const experienceSchema = createExperienceSchema(limits);
  return (input) => {
    const content = (input as { content?: unknown } | null)?.content;
    if (typeof content === 'string' && Buffer.byteLength(content, 'utf8') > limits.maxContentBytes) {
      throw new ValidationError({
        code: 'CONTENT_TOO_LARGE',
        message: `Content is ${Buffer.byteLength(content, 'utf8')} bytes; the limit is ${limits.maxContentBytes}`,
        issues: [{ path: 'content', message: 'too large' }],
      });
    }
    const experience = parseWith(experienceSchema, input, 'experience');
    const now = clock.now();
    return buildRecord(experience, { agentId, sessionId, id: checkedId(generateId(now)), now }).record;
  };
}

/**
 * A host's generated id, held to the rule every engine call takes ids by (memoryIdSchema): an id of 200
 * characters, an empty one or one holding U+0000 was stored, and then could be neither read nor forgotten
 * by id (get and forget refused it as a VALIDATION_ERROR), nor by description, which forgets by id; '.' and
 * '..' (newMemoryIdSchema) were stored and no HTTP route could reach them.
 */
function checkedId(id: unknown): string {
  return parseWith(newMemoryIdSchema, id, 'id from generateId', 'CONFIG_ERROR');
}
