import { z } from 'zod';
import { nextEmployeeIdSchema, nextPatientIdSchema } from './chart';
import {
  addEmployeeRequestSchema,
  addEmployeeResponseSchema,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  employeeListSchema,
  searchEmployeeRequestSchema,
  updateEmployeeRequestSchema,
  updateEmployeeResponseSchema,
} from './employees';
import { pageQuerySchema } from './paging';
import {
  addPatientRequestSchema,
  addPatientResponseSchema,
  patientIdParamsSchema,
  patientListQuerySchema,
  patientListSchema,
  patientRecordSchema,
  patientSummaryListSchema,
  searchPatientRequestSchema,
  updatePatientRequestSchema,
} from './patients';
import type { RecordKind } from './record-kinds';

/**
 * What each record kind's shared calls ({@link RECORD_KINDS}) answer, as the API serialises and
 * documents them. A patient list or search answers summaries instead with `?view=summary`.
 */
export const RECORD_KIND_ANSWERS = {
  patient: {
    list: z.union([patientListSchema, patientSummaryListSchema]),
    nextId: nextPatientIdSchema,
    added: addPatientResponseSchema,
    updated: patientRecordSchema,
  },
  employee: {
    list: employeeListSchema,
    nextId: nextEmployeeIdSchema,
    added: addEmployeeResponseSchema,
    updated: updateEmployeeResponseSchema,
  },
} as const satisfies Record<RecordKind, Record<string, z.ZodType>>;

/**
 * What each record kind's shared calls take: the id in a path, the list's and the search's
 * query, the search criteria, and the add and update bodies.
 */
export const RECORD_KIND_REQUESTS = {
  patient: {
    params: patientIdParamsSchema,
    listQuery: patientListQuerySchema,
    searchQuery: patientListQuerySchema,
    search: searchPatientRequestSchema,
    add: addPatientRequestSchema,
    update: updatePatientRequestSchema,
  },
  employee: {
    params: employeeIdParamsSchema,
    listQuery: employeeListQuerySchema,
    searchQuery: pageQuerySchema,
    search: searchEmployeeRequestSchema,
    add: addEmployeeRequestSchema,
    update: updateEmployeeRequestSchema,
  },
} as const satisfies Record<RecordKind, Record<string, z.ZodType>>;
