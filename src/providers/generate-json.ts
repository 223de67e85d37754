import { z } from 'zod';
import { ProviderError, ValidationError } from '../errors/index.ts';
import type { LlmClient, LlmMessage, LlmUsage } from '../spec/llm-client.ts';

export interface GenerateJsonOptions<Schema extends z.ZodType> {
  llm: LlmClient;
  messages: LlmMessage[];
  /** The shape of the answer; sent to the model as JSON Schema and used to validate what comes back. */
  schema: Schema;
  /** Names the schema for the provider (json_schema name, Anthropic tool name). */
  name: string;
  maxTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
}

export interface GenerateJsonResult<Value> {
  value: Value;
  /** Summed over both calls when a repair was needed. */
  usage: LlmUsage;
  /** 1, or 2 when the first answer had to be repaired. */
  attempts: number;
}

/** Enough of a bad answer for the model to see its mistake, without doubling a huge prompt. */
const MAX_ECHOED_ANSWER = 4_000;

/**
 * Asks an LLM for JSON matching a zod schema, parses and validates the answer,
 * and when it is not valid asks exactly once more, showing the model its answer
 * and what was wrong. Models usually fix a missing field when told; a second
 * failure is thrown as PROVIDER_RESPONSE_INVALID rather than looping on a bill.
 *
 * @example
 * const Facts = z.object({ facts: z.array(z.string()) });
 * const { value, usage } = await generateJson({
 *   llm, name: 'facts', schema: Facts,
 *   messages: [{ role: 'user', content: 'List the facts in: "I moved to Lisbon in May."' }],
 * });
 * value.facts; // string[]
 */
export async function generateJson<Schema extends z.ZodType>(options: GenerateJsonOptions<Schema>): Promise<GenerateJsonResult<z.output<Schema>>> {
  const jsonSchema = { name: options.name, schema: toJsonSchema(options.schema, options.name) };
  const ask = (messages: LlmMessage[]) =>
    options.llm.doGenerate({
      messages,
      jsonSchema,
      maxTokens: options.maxTokens,
      temperature: options.temperature,
      abortSignal: options.abortSignal,
    });

  const first = await ask(options.messages);
  const firstCheck = check(options.schema, first.text);
  if (firstCheck.ok) return { value: firstCheck.value, usage: first.usage, attempts: 1 };

  const repair: LlmMessage[] = [
    ...options.messages,
    { role: 'assistant', content: first.text.slice(0, MAX_ECHOED_ANSWER) },
    {
      role: 'user',
      content: `That answer is not valid: ${firstCheck.problem}\nReply again with only the corrected JSON matching the "${options.name}" schema, and no other text.`,
    },
  ];
  const second = await ask(repair);
  const usage = addUsage(first.usage, second.usage);
  const secondCheck = check(options.schema, second.text);
  if (secondCheck.ok) return { value: secondCheck.value, usage, attempts: 2 };
  throw new ProviderError({
    code: 'PROVIDER_RESPONSE_INVALID',
    provider: options.llm.provider,
    message: `model "${options.llm.modelId}" gave no valid "${options.name}" JSON after one repair attempt: ${secondCheck.problem}`,
  });
}

type Check<Value> = { ok: true; value: Value } | { ok: false; problem: string };

function check<Schema extends z.ZodType>(schema: Schema, text: string): Check<z.output<Schema>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripCodeFence(text));
  } catch (error) {
    return { ok: false, problem: `it is not parseable JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, problem: `it does not match the schema (${issues.join('; ')}).` };
}

/** Models without structured output often wrap JSON in ```json fences; that is not worth a repair round trip. */
function stripCodeFence(text: string): string {
  const fenced = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?\s*```\s*$/.exec(text);
  return fenced ? fenced[1]! : text;
}

function toJsonSchema(schema: z.ZodType, name: string): Record<string, unknown> {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema) as Record<string, unknown>;
  } catch (cause) {
    throw new ValidationError({ message: `schema "${name}" cannot be expressed as JSON Schema (transforms, dates and the like cannot)`, cause });
  }
  // The meta-schema URL is noise to providers, and some reject unknown top-level keywords.
  const { $schema: _metaSchema, ...rest } = jsonSchema;
  return rest;
}

function addUsage(left: LlmUsage, right: LlmUsage): LlmUsage {
  return { inputTokens: left.inputTokens + right.inputTokens, outputTokens: left.outputTokens + right.outputTokens };
}
