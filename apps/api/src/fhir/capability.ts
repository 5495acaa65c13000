import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { HOSPITAL_NAME } from '@portal/reference-data';
import { RESOURCE_TYPES } from './types';
import { COMPUTED_TYPES } from './schedule';
import { EVERYTHING_MAX } from './everything';

/** The resource types that take a create (POST) and an update (PUT). */
export const WRITABLE: Readonly<Record<string, readonly ('create' | 'update')[]>> = {
  Patient: ['create', 'update'],
  AllergyIntolerance: ['create', 'update'],
  Condition: ['create', 'update'],
  Appointment: ['create'],
  MedicationRequest: ['create'],
};

/** The interactions common to every type, and the paging parameters every search takes. */
const COMMON_SEARCH = [
  { name: '_count', type: 'number', documentation: 'Page size, 1 to 100 (default 20)' },
  { name: '_cursor', type: 'string', documentation: 'Opaque: follow Bundle.link next' },
] as const;

/**
 * What this server does, exactly: read and search of each type with its parameters, the
 * writes that are offered, Patient/$everything and the bulk exports ($export of the system and
 * of all patients); JSON only, the API's bearer sessions (SMART backend tokens for $export).
 */
export function capabilityStatement(baseUrl: string): CapabilityStatement {
  const resource: CapabilityStatementRestResource[] = [...RESOURCE_TYPES.values()].map((type) => {
    const writes = WRITABLE[type.type] ?? [];
    return {
      type: type.type as CapabilityStatementRestResource['type'],
      interaction: [{ code: 'read' }, { code: 'search-type' }, ...writes.map((code) => ({ code }))],
      versioning: 'no-version',
      readHistory: false,
      updateCreate: false,
      conditionalCreate: false,
      conditionalUpdate: type.type === 'Patient' && writes.includes('update'),
      conditionalDelete: 'not-supported',
      searchParam: [
        ...Object.entries(type.params).map(([name, p]) => ({
          name,
          type: p.type,
          documentation: p.documentation,
        })),
        ...COMMON_SEARCH,
      ],
      ...(type.type === 'Patient'
        ? {
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
                documentation: `GET only, no parameters: the Patient, the blood group and vital-signs Observations, allergies, conditions, appointments and their visits (Encounter), history entries, signed notes and prescriptions, at most ${EVERYTHING_MAX} of each type. A type with more is cut there, and the Bundle then ends with an OperationOutcome entry (search.mode outcome) with a warning naming each type cut; a search by patient pages through all of them.`,
              },
              {
                name: 'export',
                definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export',
              },
            ],
          }
        : {}),
    };
  });
  // Schedule and Slot: read and search only (fhir/schedule.ts).
  for (const type of COMPUTED_TYPES.values()) {
    resource.push({
      type: type.type,
      interaction: [{ code: 'read' }, { code: 'search-type' }],
      versioning: 'no-version',
      readHistory: false,
      updateCreate: false,
      conditionalCreate: false,
      conditionalUpdate: false,
      conditionalDelete: 'not-supported',
      searchParam: [
        ...Object.entries(type.params).map(([name, p]) => ({
          name,
          type: p.type,
          documentation: p.documentation,
        })),
        ...COMMON_SEARCH,
      ],
    });
  }
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-26',
    publisher: HOSPITAL_NAME,
    kind: 'instance',
    software: { name: `${HOSPITAL_NAME} portal` },
    implementation: { description: `${HOSPITAL_NAME} portal FHIR R4 interface`, url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json', 'application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'One rule for parameters on every interaction: a parameter the server does not offer is refused with a 400 OperationOutcome naming it, never ignored. A search takes the parameters listed for its type and _count, _cursor, _format; a read and $everything take _format only (json, application/json or application/fhir+json). _summary, _elements, _sort, _include and _total are not offered, on a read as on a search. A reference parameter (patient, subject, practitioner, actor, schedule) takes Type/id, id, or this server\u2019s own absolute URL of the resource.',
        security: {
          cors: true,
          description:
            'The portal API’s bearer session token (Authorization: Bearer …, from POST /api/login). Medical personnel read every patient; a patient reads their own compartment; HR reads Practitioner and PractitionerRole; everyone signed in reads Schedule and Slot (the clinicians’ hours and free slots). Every read is audited. Bulk export ($export) takes a token of SMART Backend Services instead (.well-known/smart-configuration).',
        },
        resource,
        operation: [
          {
            name: 'export',
            definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
          },
        ],
      },
    ],
  };
}
