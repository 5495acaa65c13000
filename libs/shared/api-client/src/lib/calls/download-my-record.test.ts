import { describe, expect, it } from 'vitest';
import { fhirBaseOf } from './download-my-record';

describe('fhirBaseOf', () => {
  it('puts the FHIR API beside the API, on the same origin', () => {
    expect(fhirBaseOf('/api')).toBe('/fhir/R4');
    expect(fhirBaseOf('https://portal.hospital.example/api')).toBe(
      'https://portal.hospital.example/fhir/R4',
    );
  });
});
