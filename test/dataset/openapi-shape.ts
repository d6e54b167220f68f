/**
 * A strict zod description of the part of OpenAPI 3.1 our documents use, after the specification's
 * rules (https://spec.openapis.org/oas/v3.1.0): used to prove the generated documents are well-formed.
 */
import { z } from "zod";

const ref = z.strictObject({ $ref: z.string().startsWith("#/components/") });
const jsonSchema = z.record(z.string(), z.unknown());

const parameter = z
  .strictObject({
    name: z.string().min(1),
    in: z.enum(["query", "header", "path", "cookie"]),
    required: z.boolean(),
    description: z.string().optional(),
    schema: jsonSchema,
    style: z.enum(["form", "simple"]).optional(),
    explode: z.boolean().optional(),
  })
  // "If the parameter location is path, this property is REQUIRED and its value MUST be true."
  .refine((p) => p.in !== "path" || p.required, "a path parameter must be required");

const header = z.union([ref, z.strictObject({ description: z.string().optional(), schema: jsonSchema })]);
const media = z.strictObject({ schema: jsonSchema });
const response = z.union([ref, z.strictObject({ description: z.string(), headers: z.record(z.string(), header).optional(), content: z.record(z.string(), media).optional() })]);

const operation = z.strictObject({
  operationId: z.string().min(1),
  summary: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(z.union([ref, parameter])),
  responses: z.record(z.string().regex(/^([1-5]\d\d|default)$/), response),
});

export const openapiShape = z.strictObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.strictObject({
    title: z.string().min(1),
    version: z.string().min(1),
    description: z.string().optional(),
    license: z.strictObject({ name: z.string(), url: z.url().optional(), identifier: z.string().optional() }).optional(),
    contact: z.strictObject({ email: z.email().optional(), url: z.url().optional(), name: z.string().optional() }).optional(),
  }),
  servers: z.array(z.strictObject({ url: z.string().min(1), description: z.string().optional() })).min(1),
  tags: z.array(z.strictObject({ name: z.string() })).optional(),
  paths: z.record(z.string().startsWith("/"), z.strictObject({ get: operation })),
  components: z.strictObject({
    schemas: z.record(z.string(), jsonSchema),
    parameters: z.record(z.string(), parameter),
    headers: z.record(z.string(), header),
    responses: z.record(z.string(), response),
  }),
});
