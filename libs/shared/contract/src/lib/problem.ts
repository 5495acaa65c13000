import { z } from 'zod';

/** One invalid field of a request. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** Every error the API answers: RFC 9457 problem details, with field errors on a 400. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

/** The media type of error answers. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;
