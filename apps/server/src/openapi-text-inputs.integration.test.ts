import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

/**
 * Every text the API takes from outside is bounded and refuses control characters (decision 067).
 * Read from the OpenAPI document, which is generated from the same zod schemas that validate the
 * requests: each string in a path parameter, a query string or a JSON body either has a strict
 * format (uuid, email, date-time, an enum…) or carries a maxLength and a pattern that refuses
 * control characters, as `boundedText` from packages/shared/src/fields.ts gives. A raw
 * `z.string()` added to a contract or a route fails here. Headers are left out: Node refuses
 * control characters in them before any route runs.
 */

type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  properties?: Record<string, TJsonSchema>;
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema | TJsonSchema[];
  prefixItems?: TJsonSchema[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
};
type TParameter = { in: string; name: string; schema?: TJsonSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
};
type TDocument = {
  paths: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, TJsonSchema> };
};

/** Text a contract must refuse: NUL, another C0 control, DEL, a C1 control. */
const CONTROL_SAMPLES = ['a\u0000b', 'a\u001Bb', 'a\u007Fb', 'a\u0085b'];
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Passwords are only hashed and kept exactly as typed: bounded, but any character (decision 067). */
const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);

let t: TTestApp;
let document: TDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await t.close();
});

function resolve(node: TJsonSchema): TJsonSchema {
  if (!node.$ref) return node;
  const name = node.$ref.split('/').at(-1) ?? '';
  const target = document.components?.schemas?.[name];
  expect(target, `unresolved ${node.$ref}`).toBeDefined();
  return target as TJsonSchema;
}

function isStrictText(node: TJsonSchema): boolean {
  if (node.format || node.enum || node.const !== undefined) return true;
  const patterns = [node.pattern, ...(node.allOf ?? []).map((part) => part.pattern)].filter(
    (pattern): pattern is string => typeof pattern === 'string',
  );
  const refusesControls = patterns.some((pattern) =>
    CONTROL_SAMPLES.every((sample) => !new RegExp(pattern).test(sample)),
  );
  return node.maxLength !== undefined && refusesControls;
}

/** Where under `node` a string is neither strictly formatted nor bounded text. */
function looseTextIn(node: TJsonSchema, where: string, seen = new Set<TJsonSchema>()): string[] {
  const schema = resolve(node);
  if (seen.has(schema)) return [];
  seen.add(schema);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const found: string[] = [];
  if (types.includes('string') && !isStrictText(schema)) found.push(where);
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (PASSWORD_FIELDS.has(key) && resolve(child).maxLength !== undefined) continue;
    found.push(...looseTextIn(child, `${where}.${key}`, seen));
  }
  if (typeof schema.additionalProperties === 'object') {
    found.push(...looseTextIn(schema.additionalProperties, `${where}.*`, seen));
  }
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const child of [...items, ...(schema.prefixItems ?? [])]) found.push(...looseTextIn(child, `${where}[]`, seen));
  for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...looseTextIn(child, where, seen));
  }
  return found;
}

it('reads the operations of the API from the document', () => {
  const operations = Object.values(document.paths).flatMap((item) =>
    Object.keys(item).filter((method) => HTTP_METHODS.has(method)),
  );
  expect(operations.length).toBeGreaterThan(50);
});

it('takes every text input through a bounded schema that refuses control characters', () => {
  const loose: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'header' || !parameter.schema) continue;
        const where = `${path} ${parameter.in} ${parameter.name}`;
        loose.push(...looseTextIn(parameter.schema, `${method.toUpperCase()} ${where}`));
      }
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
        if (content.schema) loose.push(...looseTextIn(content.schema, `${method.toUpperCase()} ${path} ${type} body`));
      }
    }
  }
  expect(loose).toEqual([]);
});

it('would notice a raw string', () => {
  expect(looseTextIn({ type: 'object', properties: { note: { type: 'string' } } }, 'body')).toEqual(['body.note']);
  expect(looseTextIn({ type: 'string', maxLength: 10, pattern: '^.*$' }, 'q')).toEqual(['q']);
  expect(looseTextIn({ type: 'string', format: 'uuid' }, 'id')).toEqual([]);
});
