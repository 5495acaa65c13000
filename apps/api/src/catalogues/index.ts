/**
 * The coded catalogues: look-ups from memory (catalogue.ts), the table's loader (loader.ts),
 * the searches (search.ts). docs/reference-codes.md describes the sources.
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
export { loadCatalogue } from './loader';
