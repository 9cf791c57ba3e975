import fc from 'fast-check';

/**
 * The pieces of the API fuzz test (src/api-fuzz.integration.test.ts): valid values drawn from the
 * JSON Schema of an operation's parameters and body, and the mutations that turn a valid request
 * into a hostile one. Only the JSON Schema the OpenAPI document uses is understood: object, array,
 * string (length, pattern, uuid, email, date, date-time), number, integer, boolean, null, enum,
 * const, anyOf/oneOf and type lists.
 */

export type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Known ids: strings the schema marks as UUIDs are drawn from these as often as invented. */
export type TArbitraryOptions = { ids: readonly string[] };

/** Generated strings stay short (the fuzz sends long ones on purpose, as mutations). */
const GENERATED_MAX_LENGTH = 40;

function isoDate(date: Date) {
  return date.toISOString();
}

const dateArbitrary = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

function stringArbitrary(node: TJsonSchema, options: TArbitraryOptions): fc.Arbitrary<string> {
  const uuid = options.ids.length > 0 ? fc.oneof(fc.constantFrom(...options.ids), fc.uuid()) : fc.uuid();
  if (node.format === 'uuid') return uuid;
  if (node.format === 'email') {
    return fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9.]{0,15}@example\.com$/),
      fc.emailAddress().filter((address) => address.length <= (node.maxLength ?? 254)),
    );
  }
  if (node.format === 'date-time') return dateArbitrary.map(isoDate);
  if (node.format === 'date') return dateArbitrary.map((date) => isoDate(date).slice(0, 10));
  if (node.pattern) {
    const maxLength = node.maxLength ?? Number.POSITIVE_INFINITY;
    return fc
      .stringMatching(new RegExp(node.pattern))
      .filter((value) => value.length >= (node.minLength ?? 0) && value.length <= maxLength);
  }
  const minLength = node.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? GENERATED_MAX_LENGTH, GENERATED_MAX_LENGTH));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    // Exactly at the bound: the longest value the schema allows.
    { weight: 1, arbitrary: fc.constant('x'.repeat(node.maxLength ?? minLength)) },
  );
}

function numberArbitrary(node: TJsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : undefined);
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : undefined);
  if (integer) {
    return fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 });
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values valid for `node` (as far as the JSON Schema can say). */
export function arbitraryOf(node: TJsonSchema | undefined, options: TArbitraryOptions): fc.Arbitrary<unknown> {
  if (!node || Object.keys(node).length === 0) return fc.constant({});
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const choice = node.anyOf ?? node.oneOf;
  if (choice) return fc.oneof(...choice.map((option) => arbitraryOf(option, options)));
  if (Array.isArray(node.type)) {
    return fc.oneof(...node.type.map((type) => arbitraryOf({ ...node, type }, options)));
  }
  switch (node.type) {
    case 'object': {
      const properties = node.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, arbitraryOf(child, options)])),
        { requiredKeys: (node.required ?? []).filter((key) => key in properties) },
      );
      if (typeof node.additionalProperties === 'object' && Object.keys(properties).length === 0) {
        return fc.dictionary(
          fc.string({ minLength: 1, maxLength: 10 }),
          arbitraryOf(node.additionalProperties, options),
          {
            maxKeys: 3,
          },
        );
      }
      return record;
    }
    case 'array':
      return fc.array(arbitraryOf(node.items, options), {
        minLength: node.minItems ?? 0,
        maxLength: Math.max(node.minItems ?? 0, Math.min(node.maxItems ?? 4, 4)),
      });
    case 'string':
      return stringArbitrary(node, options);
    case 'integer':
      return numberArbitrary(node, true);
    case 'number':
      return numberArbitrary(node, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Text a form field should refuse or store unchanged, never choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31mred\u001b[0m\u007f',
  '\u202Eevil\u202C.pdf',
  '\u200B\u200D\uFEFF',
  '👩‍👩‍👧‍👦🏳️‍🌈'.repeat(20),
  `e${'\u0301'.repeat(300)}`,
  '\uD800',
  '\uDFFF\uD800',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the hostile text
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%2F%2e%2e',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
  'é'.repeat(70_000),
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
];

/** Values of the wrong type for almost any field. */
const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 1.5, [], [1, 2], {}, { $gt: '' }, 'string', '1'];

/** Numbers and strings at and just past the bounds `node` (and its children) declare. */
export function boundaryValuesOf(node: TJsonSchema | undefined): unknown[] {
  const values: unknown[] = [];
  const visit = (child: TJsonSchema | undefined) => {
    if (!child) return;
    for (const bound of [child.minimum, child.maximum, child.exclusiveMinimum, child.exclusiveMaximum]) {
      if (bound !== undefined) values.push(bound, bound - 1, bound + 1, bound + 0.5);
    }
    if (child.maxLength !== undefined) values.push('y'.repeat(child.maxLength), 'y'.repeat(child.maxLength + 1));
    if (child.minLength !== undefined && child.minLength > 0) values.push('y'.repeat(child.minLength - 1));
    if (child.maxItems !== undefined) values.push(Array.from({ length: child.maxItems + 1 }, () => 'y'));
    for (const grandchild of Object.values(child.properties ?? {})) visit(grandchild);
    for (const option of [...(child.anyOf ?? []), ...(child.oneOf ?? [])]) visit(option);
    visit(child.items);
  };
  visit(node);
  return values;
}

/** An array or object nested `depth` levels deep, as JSON text (JSON.stringify would overflow the stack first). */
export function deeplyNested(depth: number, kind: 'array' | 'object') {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** JSON text a body parser must refuse cleanly. */
export const MALFORMED_JSON: readonly string[] = [
  '',
  '{',
  '{"a":',
  '{"a":1}}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  'nul',
  '"unterminated',
  '{"a":"\\u00"}',
  '{"a":"\\x41"}',
  '{"a":1}\u0000',
  '\u0000{}',
  '[]]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

/** multipart/form-data the parser cannot read: no, empty or over-long boundary, no parts, cut short. */
export const MALFORMED_MULTIPART: readonly [string, string][] = [
  ['multipart/form-data', '{}'],
  ['multipart/form-data; boundary=', '{}'],
  ['multipart/form-data; boundary="', '{}'],
  [`multipart/form-data; boundary=${'b'.repeat(300)}`, '{}'],
  ['multipart/form-data; boundary=xyz', 'not multipart'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{}'],
  ['multipart/form-data; boundary=xyz', '--xyz\r\nGarbage\r\n\r\n{}\r\n--xyz--'],
  [
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--xyz--',
  ],
  [
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form-data; name="portfolio"; filename="../../x.pdf"\r\n\r\n%PDF\r\n--xyz--',
  ],
];

/** Path segments that try to leave their place in the URL (sent raw, not encoded). */
export const HOSTILE_PATH_IDS: readonly string[] = [
  '..',
  '../',
  '..%2F..%2Fadmin',
  '%2F',
  '%252F',
  '%2e%2e',
  '?x=/',
  '#x',
  ';',
  ';jsessionid=1',
  "'",
  '%27',
  '%22',
  '%00',
  '%',
  '%zz',
  '%C0%AE',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '*',
  '{id}',
  'null',
  'undefined',
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'a'.repeat(200),
  'a'.repeat(201),
  'a'.repeat(5000),
];

/** Query strings that try the parser: unknown, repeated, bracketed, badly encoded keys and values. */
export const HOSTILE_QUERIES: readonly string[] = [
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'a[b][c]=1',
  'limit=-1',
  'limit=0',
  'limit=1e9',
  'limit=abc',
  'limit=1&limit=2',
  'limit=',
  'cursor=%',
  'cursor=%zz',
  `cursor=${'A'.repeat(10_000)}`,
  `q=${'%00'.repeat(50)}`,
  'q=%E2%80%AE',
  'status=&status=',
  'status[]=x',
  `x=${'1'.repeat(100_000)}`,
  '&&&==&',
];

// ---------------------------------------------------------------------------------------------
// Requests and their mutations

/** One request to an operation, before it becomes a URL: path parameters as sent (already encoded). */
export type TFuzzRequest = {
  /** `valid`, or the mutation that made it. */
  kind: string;
  params: Record<string, string>;
  /** Raw query string, without `?`. */
  query: string;
  headers: Record<string, string>;
  body?: { payload: string | Buffer; contentType?: string };
  /** The body as a value, for mutations that change one field. */
  bodyValue?: unknown;
};

export function jsonBody(value: unknown): TFuzzRequest['body'] {
  return { payload: JSON.stringify(value), contentType: 'application/json' };
}

/** `[path, leaf]` for every leaf of a JSON value (the root itself when it is a leaf). */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [path];
    return [path, ...entries.flatMap(([key, item]) => leavesOf(item, [...path, key]))];
  }
  return [path];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}

export type TMutation = (request: TFuzzRequest) => TFuzzRequest;

/** Percent-encodes text for a path segment; a lone surrogate becomes the bytes UTF-8 forbids for it. */
export function encodeSegment(value: string) {
  const lone = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;
  return value
    .split(lone)
    .map((part, index) => (index % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/**
 * The mutations that apply to an operation: on the body when it takes one (a field set to a hostile
 * value, the whole body reshaped, malformed or BOM-prefixed JSON, duplicate keys, deep nesting,
 * another content type), on path parameters when it has them, and on the query always.
 */
export function mutationsOf(operation: {
  takesBody: boolean;
  /** The body is multipart/form-data: raw bodies the multipart parser must refuse cleanly too. */
  multipart?: boolean;
  pathParams: readonly string[];
  bodySchema: TJsonSchema | undefined;
  querySchema: TJsonSchema | undefined;
}): fc.Arbitrary<TMutation>[] {
  const hostileValue = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom(...WRONG_TYPES),
    ...(boundaryValuesOf(operation.bodySchema).length > 0
      ? [fc.constantFrom(...boundaryValuesOf(operation.bodySchema))]
      : []),
  );
  const mutations: fc.Arbitrary<TMutation>[] = [];
  if (operation.takesBody) {
    mutations.push(
      fc.tuple(fc.nat(), hostileValue).map(([pick, replacement]) => (request: TFuzzRequest) => {
        const leaves = leavesOf(request.bodyValue ?? {});
        const path = leaves[pick % leaves.length] ?? [];
        const bodyValue = replaceAt(request.bodyValue ?? {}, path, replacement);
        return { ...request, kind: 'body-field', bodyValue, body: jsonBody(bodyValue) };
      }),
      fc
        .constantFrom<[string, unknown]>(
          ['__proto__', { admin: true }],
          ['constructor', { prototype: { admin: true } }],
          ['unknownField', 'x'],
          ['role', 'master_admin'],
          ['orgId', '00000000-0000-0000-0000-000000000000'],
        )
        .map(([key, extra]) => (request: TFuzzRequest) => {
          const base = request.bodyValue && typeof request.bodyValue === 'object' ? request.bodyValue : {};
          const payload = `${JSON.stringify(base).replace(/}$/, '')}${Object.keys(base).length > 0 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(extra)}}`;
          return { ...request, kind: 'body-extra-key', body: { payload, contentType: 'application/json' } };
        }),
      fc.constantFrom(...HOSTILE_STRINGS.slice(0, 12), ...WRONG_TYPES).map((whole) => (request: TFuzzRequest) => ({
        ...request,
        kind: 'body-wrong-type',
        body: jsonBody(whole),
      })),
      fc.constantFrom(...MALFORMED_JSON).map((payload) => (request: TFuzzRequest) => ({
        ...request,
        kind: 'body-malformed-json',
        body: { payload, contentType: 'application/json' },
      })),
      fc.constant((request: TFuzzRequest) => ({
        ...request,
        kind: 'body-bom',
        body: { payload: `\uFEFF${JSON.stringify(request.bodyValue ?? {})}`, contentType: 'application/json' },
      })),
      fc.tuple(fc.nat(), hostileValue).map(([pick, replacement]) => (request: TFuzzRequest) => {
        // The same key twice in the raw text: first a hostile value, then the valid one (or the other way).
        const base = (request.bodyValue && typeof request.bodyValue === 'object' ? request.bodyValue : {}) as Record<
          string,
          unknown
        >;
        const keys = Object.keys(base);
        const key = keys[pick % Math.max(keys.length, 1)] ?? 'id';
        const inner = JSON.stringify(base).slice(1, -1);
        const duplicate = `${JSON.stringify(key)}:${JSON.stringify(replacement)}`;
        const payload =
          pick % 2 === 0 ? `{${duplicate}${inner ? `,${inner}` : ''}}` : `{${inner}${inner ? ',' : ''}${duplicate}}`;
        return { ...request, kind: 'body-duplicate-key', body: { payload, contentType: 'application/json' } };
      }),
      fc
        .tuple(fc.constantFrom(100, 1000, 10_000, 100_000), fc.constantFrom<'array' | 'object'>('array', 'object'))
        .map(([depth, shape]) => (request: TFuzzRequest) => ({
          ...request,
          kind: 'body-deep-nesting',
          body: { payload: deeplyNested(depth, shape), contentType: 'application/json' },
        })),
      fc.nat().map((pick) => (request: TFuzzRequest) => {
        // A valid object with one field nested deep inside arrays and objects.
        const base = (request.bodyValue && typeof request.bodyValue === 'object' ? request.bodyValue : {}) as Record<
          string,
          unknown
        >;
        const keys = Object.keys(base);
        const key = keys[pick % Math.max(keys.length, 1)] ?? 'a';
        const inner = JSON.stringify(Object.fromEntries(Object.entries(base).filter(([name]) => name !== key)));
        const nested = deeplyNested(2000 + (pick % 3) * 1000, pick % 2 === 0 ? 'array' : 'object');
        const payload = `${inner.slice(0, -1)}${inner.length > 2 ? ',' : ''}${JSON.stringify(key)}:${nested}}`;
        return { ...request, kind: 'body-field-deep-nesting', body: { payload, contentType: 'application/json' } };
      }),
      fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'application/xml',
          'application/json, text/plain',
          '',
        )
        .map((contentType) => (request: TFuzzRequest) => ({
          ...request,
          kind: 'body-content-type',
          body: { payload: JSON.stringify(request.bodyValue ?? {}), contentType },
        })),
      fc
        .constantFrom(
          Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
          Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
          Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
        )
        .map((payload) => (request: TFuzzRequest) => ({
          ...request,
          kind: 'body-bad-encoding',
          body: { payload, contentType: 'application/json' },
        })),
    );
  }
  if (operation.multipart) {
    mutations.push(
      fc.constantFrom(...MALFORMED_MULTIPART).map(([contentType, payload]) => (request: TFuzzRequest) => ({
        ...request,
        kind: 'body-malformed-multipart',
        body: { payload, contentType },
      })),
    );
  }
  if (operation.pathParams.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...operation.pathParams), fc.constantFrom(...HOSTILE_PATH_IDS))
        .map(([name, value]) => (request: TFuzzRequest) => ({
          ...request,
          kind: 'path-injection',
          params: { ...request.params, [name]: value },
        })),
      fc
        .tuple(fc.constantFrom(...operation.pathParams), fc.constantFrom(...HOSTILE_STRINGS))
        .map(([name, value]) => (request: TFuzzRequest) => ({
          ...request,
          kind: 'path-hostile-text',
          params: { ...request.params, [name]: encodeSegment(value.slice(0, 1000)) },
        })),
    );
  }
  const queryKeys = Object.keys(operation.querySchema?.properties ?? {});
  mutations.push(
    fc.constantFrom(...HOSTILE_QUERIES).map((extra) => (request: TFuzzRequest) => ({
      ...request,
      kind: 'query-injection',
      query: request.query ? `${request.query}&${extra}` : extra,
    })),
  );
  if (queryKeys.length > 0) {
    const querySchema = operation.querySchema;
    mutations.push(
      fc
        .tuple(
          fc.constantFrom(...queryKeys),
          fc.oneof(
            fc.constantFrom(...HOSTILE_STRINGS.slice(0, 21)),
            fc.constantFrom(...HOSTILE_NUMBERS.map(String)),
            fc.constantFrom(...boundaryValuesOf(querySchema).map((value) => String(value)), 'true', '[]', '{}'),
          ),
        )
        .map(([key, value]) => (request: TFuzzRequest) => {
          const params = new URLSearchParams(request.query);
          params.set(key, value);
          return { ...request, kind: 'query-hostile-value', query: params.toString() };
        }),
    );
  }
  return mutations;
}

/** The Upload-Metadata header of tus: `key base64(value)` pairs, comma-separated. */
export function tusMetadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Hostile tus headers: bad numbers, metadata that is not base64 or decodes to hostile text. */
export function tusHeaderMutations(orderIds: readonly string[]): fc.Arbitrary<TMutation>[] {
  const orderId = fc.constantFrom(...orderIds);
  const hostileMetadata = fc.oneof(
    fc.constantFrom(
      'orderId',
      'orderId !!!notbase64',
      'orderId ,filename ',
      ',,,',
      ' ',
      `filename ${'A'.repeat(20_000)}`,
      'orderId YQ==,orderId Yg==',
      '\u0000',
    ),
    fc
      .tuple(orderId, fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom('orderId', 'filename', 'sha256'))
      .map(([id, text, key]) => tusMetadata({ orderId: id, filename: 'scan.e57', [key]: text })),
    fc.constantFrom(...HOSTILE_PATH_IDS).map((id) => tusMetadata({ orderId: id, filename: 'scan.e57' })),
  );
  const hostileNumber = fc.constantFrom(
    '',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    '0x10',
    'abc',
    '99999999999999999999999',
    String(Number.MAX_SAFE_INTEGER + 2),
  );
  return [
    hostileMetadata.map((value) => (request: TFuzzRequest) => ({
      ...request,
      kind: 'tus-metadata',
      headers: { ...request.headers, 'upload-metadata': value },
    })),
    fc
      .tuple(fc.constantFrom('upload-length', 'upload-offset', 'upload-defer-length'), hostileNumber)
      .map(([name, value]) => (request: TFuzzRequest) => ({
        ...request,
        kind: 'tus-number-header',
        headers: { ...request.headers, [name]: value },
      })),
    fc
      .constantFrom<[string, string | null]>(
        ['tus-resumable', null],
        ['tus-resumable', '0.2.2'],
        ['tus-resumable', '\u0000'],
        ['upload-concat', 'final;/api/provider/uploads/x /api/provider/uploads/y'],
        ['upload-concat', 'partial'],
        ['x-http-method-override', 'DELETE'],
        ['x-http-method-override', 'PATCH'],
        ['content-type', 'application/json'],
        ['upload-checksum', 'sha1 !!!'],
      )
      .map(([name, value]) => (request: TFuzzRequest) => {
        const headers = { ...request.headers };
        if (value === null) delete headers[name];
        else headers[name] = value;
        return { ...request, kind: 'tus-header', headers };
      }),
  ];
}
