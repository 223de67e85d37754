import { z } from 'zod';
import { agentParamsSchema, blockKeySchema, graphEntityParamSchema, memoryParamsSchema } from './schemas.ts';
import type { ApiOperation } from './api-operations.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, issues: { type: 'array', items: { type: 'object' } } } } },
};

function pathParameters(path: string): JsonSchema[] {
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const shapes: Record<string, z.ZodType> = { agent: agentParamsSchema.shape.agent, id: memoryParamsSchema.shape.id, key: blockKeySchema, entity: graphEntityParamSchema };
  return names.map((name) => ({ name, in: 'path', required: true, schema: toSchema(shapes[name] ?? z.string()) }));
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = toSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: property }));
}

function operationObject(operation: ApiOperation): JsonSchema {
  const parameters = [...pathParameters(operation.path), ...(operation.query ? queryParameters(operation.query) : [])];
  return {
    summary: operation.summary,
    tags: [operation.tag],
    operationId: `${operation.method}${operation.path.replace(/[/:.]+(\w)/g, (_, letter: string) => letter.toUpperCase())}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(operation.body) } } } } : {}),
    ...(operation.authenticated ? {} : { security: [] }),
    responses: {
      '200': operation.response ? { description: 'OK', content: { 'application/json': { schema: toSchema(operation.response, 'output') } } } : { description: 'OK' },
      default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the operations, with request schemas generated
 * from the zod schemas the routes validate with.
 *
 * @example
 * const document = buildOpenApiDocument(API_OPERATIONS, { title: 'Hippocampus', version: '0.1.0' });
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) {
    const key = operation.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[key] = { ...paths[key], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: 'Long-term memory for LLM agents. Errors are always { error: { code, message } }.' },
    security: [{ bearer: [] }],
    paths,
    components: { schemas: { Error: errorSchema }, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
