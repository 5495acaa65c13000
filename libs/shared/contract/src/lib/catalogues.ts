import { z } from 'zod';
import { requiredText } from './rules';

/**
 * The coded catalogues' searches (GET /catalogues/conditions, GET /catalogues/substances):
 * what a clinician types, a code's start or words in English or Thai, and the entries that
 * match, best first (docs/api.md, "Catalogues"; docs/reference-codes.md).
 */

/** The longest query a search takes: a code or a few words. */
export const CATALOGUE_QUERY_MAX = 100;
/** Entries a search answers unless `limit` says otherwise, and the most it answers. */
export const CATALOGUE_DEFAULT_LIMIT = 20;
export const CATALOGUE_MAX_LIMIT = 50;

/** What an allergy can be to. */
export const SUBSTANCE_KINDS = ['drug', 'class', 'food', 'environment'] as const;
export type SubstanceKind = (typeof SUBSTANCE_KINDS)[number];

/** `?q=&limit=` of a catalogue search. */
export const catalogueQuerySchema = z.object({
  q: requiredText(CATALOGUE_QUERY_MAX),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CATALOGUE_MAX_LIMIT, { error: `limit is at most ${CATALOGUE_MAX_LIMIT}` })
    .default(CATALOGUE_DEFAULT_LIMIT),
});
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

/** `?q=&limit=&kind=` of the substances' search; no kind: every kind. */
export const substanceQuerySchema = catalogueQuerySchema.extend({
  kind: z.enum(SUBSTANCE_KINDS, { error: 'kind is drug, class, food or environment' }).optional(),
});
export type SubstanceQuery = z.input<typeof substanceQuerySchema>;

/** One standard code of an entry, as a FHIR Coding carries it. */
export const catalogueCodeSchema = z.object({
  system: z.string(),
  code: z.string(),
  display: z.string(),
});

/**
 * One entry: the portal's id for it (`icd:E11.9`, `rxn:723`, `atc:J01C`, `sct:762952008`),
 * which records keep; the English name; the Thai name where one was written (null: show the
 * English); its standard codes, the main one first.
 */
export const catalogueItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_th: z.string().nullable(),
  codes: z.array(catalogueCodeSchema),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** A substance also says what kind it is (an allergy's category follows from it). */
export const substanceItemSchema = catalogueItemSchema.extend({ kind: z.enum(SUBSTANCE_KINDS) });
export type SubstanceItem = z.infer<typeof substanceItemSchema>;

export const conditionSearchResponseSchema = z.array(catalogueItemSchema);
export const substanceSearchResponseSchema = z.array(substanceItemSchema);
