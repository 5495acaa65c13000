/** Where the API lives on the portal's origin unless a deployment says otherwise. */
export const DEFAULT_API_BASE = '/api';

/** An HTTP method the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** One call of the API: method and path under the API base (`:name` marks a path parameter). */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

/**
 * Every call of the API. The spec's table keeps its paths and methods; renew, logout, the
 * activation-code reissues, GET /employee/{id} (for the edit form), health, readiness and the
 * OpenAPI document are the product decisions' additions.
 */
export const ENDPOINTS = {
  register: { method: 'POST', path: '/register' },
  login: { method: 'POST', path: '/login' },
  renew: { method: 'POST', path: '/renew' },
  logout: { method: 'POST', path: '/logout' },
  profile: { method: 'GET', path: '/profile' },
  listPatients: { method: 'GET', path: '/patient' },
  getPatient: { method: 'GET', path: '/patient/:patient_id' },
  searchPatients: { method: 'POST', path: '/patient/search-patient' },
  addPatient: { method: 'POST', path: '/patient/add-patient' },
  updatePatient: { method: 'PUT', path: '/patient/update-patient' },
  addAppointment: { method: 'POST', path: '/patient/add-patient-appointment' },
  addHistory: { method: 'POST', path: '/patient/add-patient-history' },
  reissuePatientCode: { method: 'POST', path: '/patient/:patient_id/activation-code' },
  listEmployees: { method: 'GET', path: '/employee' },
  getEmployee: { method: 'GET', path: '/employee/:employee_id' },
  searchEmployees: { method: 'POST', path: '/employee/search-employee' },
  addEmployee: { method: 'POST', path: '/employee/add-employee' },
  updateEmployee: { method: 'PUT', path: '/employee/update-employee' },
  reissueEmployeeCode: { method: 'POST', path: '/employee/:employee_id/activation-code' },
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
  openapi: { method: 'GET', path: '/openapi.json' },
} as const satisfies Record<string, Endpoint>;

/** The name of one API call. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Fills the `:name` parameters of an endpoint's path, URI-encoding each value. */
export function endpointPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
