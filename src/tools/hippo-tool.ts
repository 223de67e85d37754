import { z } from 'zod';
import type { ErrorCode } from '../errors/codes.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { publicMessage } from '../errors/public-message.ts';

/** What every tool returns: never a throw for bad input or a known failure, but a result the agent can read. */
export type ToolResult<Data> = { ok: true; data: Data } | { ok: false; error: { code: ErrorCode; message: string } };

/**
 * An agent tool: a name the model calls, a description it reads, a zod input
 * schema (also exported as JSON Schema) and `execute`, which validates its
 * input itself, so any agent loop can hand it whatever the model produced.
 */
export interface HippoTool<Input = unknown, Data = unknown> {
  readonly name: string;
  /** A short human label ("Remember facts"), for tool pickers. */
  readonly label: string;
  readonly description: string;
  readonly inputSchema: z.ZodType<Input>;
  /** The input schema as JSON Schema (draft 2020-12, without `$schema`). */
  readonly jsonSchema: Record<string, unknown>;
  execute(input: unknown): Promise<ToolResult<Data>>;
}

/** Turns a zod schema into the JSON Schema agents are given: the input side (defaults make fields optional). */
export function toolJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _metaSchema, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

/** What a tool result says of a failure nobody anticipated; its own words go to the host's stderr. */
export const UNEXPECTED_TOOL_ERROR = 'The tool failed unexpectedly; the host process logged the details';

/**
 * The error half of a ToolResult, from anything thrown. A failure nobody anticipated is still a
 * result, so one bad call does not kill the agent's loop; its message (a system error names files
 * and directories: "ENOENT … '/home/ada/…'") goes to stderr, as the HTTP API's does, not to the
 * model's provider.
 */
export function toolError(error: unknown): { ok: false; error: { code: ErrorCode; message: string } } {
  if (HippocampusError.isInstance(error)) return { ok: false, error: { code: error.code, message: publicMessage(error) } };
  console.error('[hippocampus tool]', error);
  return { ok: false, error: { code: 'INTERNAL_ERROR', message: UNEXPECTED_TOOL_ERROR } };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(input)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Defines a tool whose `run` only ever sees valid input.
 *
 * @example
 * const echo = defineTool({
 *   name: 'echo', label: 'Echo', description: 'Repeats the text.',
 *   inputSchema: z.object({ text: z.string().max(100) }).strict(),
 *   run: async ({ text }) => ({ text }),
 * });
 * await echo.execute({ text: 42 }) // { ok: false, error: { code: 'VALIDATION_ERROR', message: 'text: Invalid input: expected string, received number' } }
 */
export function defineTool<Schema extends z.ZodType, Data>(definition: {
  name: string;
  label: string;
  description: string;
  inputSchema: Schema;
  run: (input: z.output<Schema>) => Promise<Data>;
}): HippoTool<z.input<Schema>, Data> {
  return {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    inputSchema: definition.inputSchema as z.ZodType<z.input<Schema>>,
    jsonSchema: toolJsonSchema(definition.inputSchema),
    async execute(input) {
      const parsed = definition.inputSchema.safeParse(input);
      if (!parsed.success) return { ok: false, error: { code: 'VALIDATION_ERROR', message: `Invalid ${definition.name} input: ${describeIssues(parsed.error)}` } };
      try {
        return { ok: true, data: await definition.run(parsed.data) };
      } catch (error) {
        return toolError(error);
      }
    },
  };
}
