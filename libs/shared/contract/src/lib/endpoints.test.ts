import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE, type EndpointName, ENDPOINTS, endpointPath } from './endpoints';
import { employeeIdParamsSchema } from './employees';
import { patientIdParamsSchema } from './patients';
import { appointmentParamsSchema } from './chart';
import { accountSessionParamsSchema } from './account';
import { noteParamsSchema } from './notes';
import { medicationParamsSchema } from './prescriptions';
import { leaveParamsSchema } from './clinic-hours';
import { listEntryParamsSchema } from './clinical-lists';

const entries = Object.entries(ENDPOINTS) as [EndpointName, (typeof ENDPOINTS)[EndpointName]][];

/** The `:name` parameters of a path. */
function paramNames(path: string): string[] {
  return [...path.matchAll(/:([a-z_]+)/g)].map((match) => match[1] ?? '');
}

describe('endpointPath', () => {
  it('leaves a path without parameters as it is', () => {
    expect(endpointPath(ENDPOINTS.listPatients.path)).toBe('/patient');
    expect(endpointPath('/login', { unused: 'x' })).toBe('/login');
  });

  it('fills a parameter', () => {
    expect(endpointPath(ENDPOINTS.getPatient.path, { patient_id: 'P001' })).toBe('/patient/P001');
    expect(endpointPath(ENDPOINTS.reissueEmployeeCode.path, { employee_id: 'E002' })).toBe(
      '/employee/E002/activation-code',
    );
  });

  it('fills every parameter of a path and ignores extra ones', () => {
    expect(
      endpointPath('/a/:first/b/:second_one', { first: '1', second_one: '2', third: '3' }),
    ).toBe('/a/1/b/2');
  });

  it('URI-encodes each value', () => {
    expect(endpointPath(ENDPOINTS.getPatient.path, { patient_id: 'P 1/../x?y#z&%' })).toBe(
      '/patient/P%201%2F..%2Fx%3Fy%23z%26%25',
    );
    expect(endpointPath(ENDPOINTS.getEmployee.path, { employee_id: 'é' })).toBe('/employee/%C3%A9');
  });

  it('throws on a missing parameter', () => {
    expect(() => endpointPath(ENDPOINTS.getPatient.path)).toThrow(
      'Missing path parameter patient_id',
    );
    expect(() => endpointPath(ENDPOINTS.getPatient.path, { employee_id: 'E001' })).toThrow(
      'Missing path parameter patient_id',
    );
    expect(() => endpointPath('/a/:first/b/:second', { first: '1' })).toThrow(
      'Missing path parameter second',
    );
  });

  it('throws on an empty parameter rather than calling another endpoint', () => {
    expect(() => endpointPath(ENDPOINTS.getPatient.path, { patient_id: '' })).toThrow(
      'Missing path parameter patient_id',
    );
  });
});

describe('ENDPOINTS', () => {
  it('lives under /api by default', () => {
    expect(DEFAULT_API_BASE).toBe('/api');
  });

  it('has one call per method and path', () => {
    const keys = entries.map(([, { method, path }]) => `${method} ${path}`);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
    expect(new Set(keys).size).toBe(entries.length);
  });

  it.each(entries)('%s has a known method and an absolute path', (_name, { method, path }) => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(method);
    expect(path).toMatch(/^\/[a-z0-9./:_-]*$/);
    expect(path).not.toMatch(/\/$|\/\//);
  });

  it('keeps the paths and methods of the spec', () => {
    expect(ENDPOINTS.register).toMatchObject({ method: 'POST', path: '/register' });
    expect(ENDPOINTS.login).toMatchObject({ method: 'POST', path: '/login' });
    expect(ENDPOINTS.searchPatients).toMatchObject({
      method: 'POST',
      path: '/patient/search-patient',
    });
    expect(ENDPOINTS.addPatient).toMatchObject({ method: 'POST', path: '/patient/add-patient' });
    expect(ENDPOINTS.updatePatient).toMatchObject({
      method: 'PUT',
      path: '/patient/update-patient',
    });
    expect(ENDPOINTS.addAppointment).toMatchObject({
      method: 'POST',
      path: '/patient/add-patient-appointment',
    });
    expect(ENDPOINTS.addHistory).toMatchObject({
      method: 'POST',
      path: '/patient/add-patient-history',
    });
    expect(ENDPOINTS.searchEmployees).toMatchObject({
      method: 'POST',
      path: '/employee/search-employee',
    });
    expect(ENDPOINTS.addEmployee).toMatchObject({ method: 'POST', path: '/employee/add-employee' });
    expect(ENDPOINTS.updateEmployee).toMatchObject({
      method: 'PUT',
      path: '/employee/update-employee',
    });
  });

  it('names only parameters that the params schemas read', () => {
    const known = new Set([
      ...Object.keys(patientIdParamsSchema.shape),
      ...Object.keys(employeeIdParamsSchema.shape),
      ...Object.keys(appointmentParamsSchema.shape),
      ...Object.keys(accountSessionParamsSchema.shape),
      ...Object.keys(noteParamsSchema.shape),
      ...Object.keys(medicationParamsSchema.shape),
      ...Object.keys(leaveParamsSchema.shape),
      ...Object.keys(listEntryParamsSchema.shape),
    ]);
    const used = entries.flatMap(([, { path }]) => paramNames(path));
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(known).toContain(name);
  });

  it('fills every path once its parameters are given', () => {
    for (const [, { path }] of entries) {
      const params = Object.fromEntries(paramNames(path).map((name) => [name, 'X1']));
      expect(endpointPath(path, params)).not.toContain(':');
    }
  });
});
