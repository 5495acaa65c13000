import { describe, expect, it } from 'vitest';
import { API_BASE, resolveApiBase } from './config';

describe('resolveApiBase', () => {
  it('defaults to the portal’s own /api', () => {
    expect(resolveApiBase(undefined)).toBe('/api');
    expect(resolveApiBase('  ')).toBe('/api');
    expect(API_BASE).toBe('/api');
  });

  it('takes a deployment’s setting without a trailing slash', () => {
    expect(resolveApiBase('https://api.example.org/v1/')).toBe('https://api.example.org/v1');
    expect(resolveApiBase('/gateway/api')).toBe('/gateway/api');
    expect(resolveApiBase('/')).toBe('');
  });
});
