import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Employee, employeeListSchema } from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import {
  call,
  createTestApp,
  BACKENDS,
  createTestDatabase,
  createUser,
  newEmployee,
  type TestUser,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import { sql } from 'drizzle-orm';

// HR's employee table (sorted, filtered, paged on the server): a database of its own, so that
// every employee in it is known.
describe.each(BACKENDS)('the employee table on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let hr: TestUser;
  /** The employees added here, by last name. */
  const staff: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    hr = await createUser(app, database, 'HR');
    const people = [
      { last_name: 'Chaiyo', first_name: 'Anan', position_id: 'P001', hire_date: '2012-03-01' },
      { last_name: 'boonmee', first_name: 'Dao', position_id: 'P001', hire_date: '2019-07-15' },
      { last_name: 'Arun', first_name: 'Kanya', position_id: 'P002', hire_date: '2015-05-20' },
      { last_name: 'Dee', first_name: 'Somchai', position_id: 'P010', hire_date: '2021-01-04' },
      { last_name: 'Euang', first_name: 'Mali', position_id: 'P007', hire_date: '2010-09-09' },
      {
        last_name: 'Fah',
        first_name: 'Niran',
        position_id: 'P001',
        hire_date: '2008-02-02',
        work_status: 'no',
        resignation_date: '2020-06-30',
      },
    ];
    for (const person of people) {
      const body = newEmployee(person);
      const response = await call(app, 'POST', '/employee/add-employee', { token: hr.token, body });
      expectSuccess(response, 201);
      staff[person.last_name] = body.employee_id;
    }
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const list = (query: string) => call(app, 'GET', `/employee?${query}`, { token: hr.token });
  const lastNames = (items: Employee[]) =>
    items.filter((e) => e.employee_id !== hr.recordId).map((e) => e.last_name);

  /** Follows the `link` headers from a first page; every page's items, in order. */
  async function walk(query: string): Promise<Employee[]> {
    let response = await list(query);
    const items: Employee[] = [];
    for (let pages = 0; pages < 20; pages++) {
      expectSuccess(response, 200);
      items.push(...response.json<Employee[]>());
      const link = response.headers['link'] as string | undefined;
      if (!link) return items;
      const path = /^<\/api(\/employee\?[^>]+)>; rel="next"$/.exec(link)?.[1];
      response = await call(app, 'GET', path!, { token: hr.token });
    }
    throw new Error('too many pages');
  }

  describe('GET /employee with sort and filters', () => {
    it('answers as before without them: oldest first, every employee', async () => {
      const response = await list('limit=200');
      expectSuccess(response, 200);
      const items = response.json<Employee[]>();
      expect(items.map((e) => e.employee_id)).toEqual([hr.recordId, ...Object.values(staff)]);
    });

    it('sorts by last then first name, ignoring case, both ways', async () => {
      const ascending = await list('sort=name&limit=200');
      expectSuccess(ascending, 200);
      const names = ascending
        .json<Employee[]>()
        .map((e) => `${e.last_name} ${e.first_name}`.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(lastNames(ascending.json())).toEqual([
        'Arun',
        'boonmee',
        'Chaiyo',
        'Dee',
        'Euang',
        'Fah',
      ]);
      const descending = await list('sort=name&order=desc&limit=200');
      expect(lastNames(descending.json())).toEqual([
        'Fah',
        'Euang',
        'Dee',
        'Chaiyo',
        'boonmee',
        'Arun',
      ]);
    });

    it('sorts by hire date, by position name and by department name', async () => {
      const byHire = (await list('sort=hire_date&limit=200')).json<Employee[]>();
      const dates = byHire.map((e) => e.hire_date);
      expect(dates).toEqual([...dates].sort());
      const byPosition = (await list('sort=position&order=desc&limit=200')).json<Employee[]>();
      const positions = byPosition.map((e) => e.position_name ?? '');
      expect(positions).toEqual([...positions].sort().reverse());
      expect(positions[0]).toBe('Receptionist');
      const byDepartment = (await list('sort=department&limit=200')).json<Employee[]>();
      const departments = byDepartment.map((e) => e.department_name ?? '');
      expect(departments).toEqual([...departments].sort());
    });

    it('filters by position, department and work status, ANDed, with the total', async () => {
      const doctors = await list('position_id=P001');
      expectSuccess(doctors, 200);
      expect(lastNames(doctors.json())).toEqual(['Chaiyo', 'boonmee', 'Fah']);
      expect(doctors.headers['x-total-count']).toBe('3');

      const working = await list('position_id=P001&work_status=yes&sort=name');
      expect(lastNames(working.json())).toEqual(['boonmee', 'Chaiyo']);
      expect(working.headers['x-total-count']).toBe('2');

      // Porter and Receptionist are both Patient Services.
      const services = await list('department_id=D007&sort=hire_date');
      expect(lastNames(services.json())).toEqual(['Euang', 'Dee']);

      const leavers = await list('work_status=no');
      expect(lastNames(leavers.json())).toEqual(['Fah']);
      expect(employeeListSchema.safeParse(leavers.json()).success).toBe(true);
    });

    it('pages a sorted, filtered list by its cursor: each record once, in order', async () => {
      const all = await walk('sort=name&limit=2');
      expect(lastNames(all)).toEqual(['Arun', 'boonmee', 'Chaiyo', 'Dee', 'Euang', 'Fah']);
      expect(new Set(all.map((e) => e.employee_id)).size).toBe(all.length);
      const doctors = await walk('position_id=P001&sort=hire_date&order=desc&limit=1');
      expect(lastNames(doctors)).toEqual(['boonmee', 'Chaiyo', 'Fah']);
    });

    it('audits the rows shown and every employee a filtered total counts', async () => {
      const response = await list('position_id=P001&limit=1');
      expectSuccess(response, 200);
      const events = await auditOf(database, response);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ action: 'employee.list', outcome: 'success' });
      expect([...(events[0]!.record_ids ?? [])].sort()).toEqual(
        [staff['Chaiyo'], staff['boonmee'], staff['Fah']].sort(),
      );
    });

    it.each([
      ['sort=salary', 'sort'],
      ['order=up', 'order'],
      ['position_id=P999', 'position_id'],
      ['position_id=doctor', 'position_id'],
      ['department_id=D0', 'department_id'],
      ['work_status=maybe', 'work_status'],
      ['sort=name&cursor=%25%25', 'cursor'],
    ])('refuses %s with 400 naming %s', async (query, field) => {
      expectProblem(await list(query), 400, field);
    });

    it('is for HR only', async () => {
      const nurse = await createUser(app, database, 'medical_personnel');
      const response = await call(app, 'GET', '/employee?position_id=P001', { token: nurse.token });
      expectProblem(response, 403);
    });

    it('reads a name-sorted page from its index', async () => {
      // Planner statistics for a handful of rows favour a sort; what matters is that the index
      // can serve the order, so sequential scans are ruled out for this check.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select id from employee e order by lower(e.last_name), lower(e.first_name), e.id limit 51`,
        );
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('employee_name_order');
    });
  });
});
