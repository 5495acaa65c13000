/**
 * The coded catalogues: look-ups (catalogue.ts) and searches (search.ts), from memory.
 * docs/reference-codes.md describes the sources.
 */
export {
  CATALOGUE_KINDS,
  SUBSTANCE_KINDS,
  type CatalogueCode,
  type CatalogueEntry,
  type CatalogueKind,
  type SubstanceKind,
  allergyCovers,
  catalogueEntries,
  catalogueEntry,
  catalogueSources,
  classesOf,
  entryForSeedCode,
  entryName,
  membersOf,
  seedCodeOf,
} from './catalogue';
export { searchConditions, searchSubstances, warmCatalogueSearch } from './search';
