/**
 * The fuzz suite of one route group, shared by the three test files (so that Vitest runs the
 * groups side by side): one app, then every POST/PUT/PATCH endpoint of the group in the contract's
 * table, each with FUZZ_RUNS bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeWorld,
  createWorld,
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzRoute,
  groupEndpoints,
  routeTimeout,
  type World,
} from './fuzz-kit';
import type { RouteGroup } from './routes-under-fuzz';

export function fuzzSuite(group: RouteGroup) {
  describe(`fuzz: ${group} calls (${FUZZ_RUNS} bodies each, seed ${FUZZ_SEED})`, () => {
    let world: World;
    beforeAll(async () => {
      console.log(`fuzz ${group}: FUZZ_RUNS=${FUZZ_RUNS} FUZZ_SEED=${FUZZ_SEED}`);
      world = await createWorld(group);
    }, 180_000);
    afterAll(async () => {
      if (world) await closeWorld(world);
    });

    const endpoints = groupEndpoints(group);
    it('has calls to fuzz', () => {
      expect(endpoints.length).toBeGreaterThan(0);
    });

    for (const [name, endpoint] of endpoints) {
      it(
        `${endpoint.method} ${endpoint.path}: no 5xx, problems name fields, only plausible data stored, no marker logged`,
        async () => {
          const { counts, violations } = await fuzzRoute(world, name, endpoint);
          expect(counts.sent).toBe(FUZZ_RUNS);
          const successes = [...counts.byStatus]
            .filter(([s]) => s < 300)
            .reduce((n, [, c]) => n + c, 0);
          // Generated bodies reach the success path, or the suite tests only the refusals.
          expect(successes, 'answers 2xx').toBeGreaterThan(0);
          expect(counts.markers, 'bodies carrying the marker').toBeGreaterThan(0);
          expect(world.log.lines, 'log lines captured').toBeGreaterThan(0);
          // Every broken property (a ≥500, a problem without fields, implausible data stored,
          // a polluted prototype, the marker in the log), each kind with its smallest body.
          expect(violations, 'properties broken').toEqual([]);
        },
        routeTimeout(),
      );
    }
  });
}
