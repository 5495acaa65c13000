/**
 * The catalogue searches' answer schemas, loaded with the first search (search-catalogues.ts):
 * not in the API layer every page with a list loads (answers.ts), whose budget they would grow.
 */
export { conditionSearchResponseSchema, substanceSearchResponseSchema } from '@portal/contract';
