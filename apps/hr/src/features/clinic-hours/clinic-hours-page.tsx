import { useFieldArray } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { type AffectedAppointment, PREFILL_PARAMS, type Schedule } from '@portal/contract';
import {
  toApiError,
  useAddLeaveMutation,
  useSaveScheduleMutation,
  useSchedule,
  useWithdrawLeaveMutation,
} from '@portal/api-client';
import {
  DateField,
  FormActions,
  NumberField,
  PortalForm,
  SelectField,
  SubmitErrorNotice,
  TextField,
  TimeField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { type MessageId, type Pack } from '@portal/i18n';
import { DEPARTMENTS, localName } from '@portal/reference-data';
import {
  Button,
  Card,
  ErrorState,
  Notice,
  PageHeading,
  useFormat,
  useLocale,
  useT,
} from '@portal/ui';
import clinicHoursPageTexts from '@portal/i18n/packs/page-clinic-hours';

/** The page's texts (PAGE_PACKS: clinicHours), fetched before it shows. */
export const PAGE_TEXTS: readonly Pack[] = [clinicHoursPageTexts];

/** The days of a session, 1 (Monday) to 7, with their names (whole ids: the build shortens them). */
const WEEKDAYS: readonly (readonly [number, MessageId])[] = [
  [1, 'hr.clinicHours.weekday.1'],
  [2, 'hr.clinicHours.weekday.2'],
  [3, 'hr.clinicHours.weekday.3'],
  [4, 'hr.clinicHours.weekday.4'],
  [5, 'hr.clinicHours.weekday.5'],
  [6, 'hr.clinicHours.weekday.6'],
  [7, 'hr.clinicHours.weekday.7'],
];

// The forms' rules, loaded when the browser is idle after the first paint (usePortalForm).
const lookupRules = () => import('@portal/contract/schemas').then((c) => c.employeeIdParamsSchema);
const scheduleRules = () => import('@portal/contract/schemas').then((c) => c.scheduleRequestSchema);
const leaveRules = () => import('@portal/contract/schemas').then((c) => c.leaveRequestSchema);

/** The form's values of a schedule as the API answered it. */
function formValues(schedule: Schedule) {
  return {
    sessions: schedule.sessions.map((s) => ({
      weekday: String(s.weekday),
      start: s.start,
      end: s.end,
      slot_minutes: String(s.slot_minutes),
      department_id: s.department_id ?? '',
    })),
    exceptions: schedule.exceptions.map((e) => ({
      date: e.date,
      start: e.start ?? '',
      end: e.end ?? '',
    })),
  };
}

/** The weekly sessions and dated exceptions of one clinician, saved together. */
function HoursForm({ employeeId, schedule }: { employeeId: string; schedule: Schedule }) {
  const t = useT();
  const locale = useLocale();
  const save = useSaveScheduleMutation();
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<Schedule>();
  const form = usePortalForm(scheduleRules, {
    defaultValues: formValues(schedule) as never,
  });
  const sessions = useFieldArray({ control: form.control, name: 'sessions' as never });
  const exceptions = useFieldArray({ control: form.control, name: 'exceptions' as never });
  const weekdayOptions = WEEKDAYS.map(([d, id]) => ({ value: String(d), label: t(id) }));
  const departmentOptions = DEPARTMENTS.map((d) => ({ value: d.id, label: localName(d, locale) }));
  return (
    <Card title={t('hr.clinicHours.hoursTitle')}>
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success" title={t('hr.clinicHours.saved')} tabIndex={-1}>
          <p>{t('hr.clinicHours.savedDetail', { sessions: feedback.value.sessions.length })}</p>
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('hr.clinicHours.saveFailed')}
      />
      <PortalForm
        form={form}
        aria-label={t('hr.clinicHours.hoursTitle')}
        onSubmit={(values) => {
          clear();
          save.mutate(
            { employeeId, schedule: values },
            {
              onSuccess: (saved) => {
                form.reset(formValues(saved));
                succeed(saved);
              },
              onError: (error) => fail(form, toApiError(error)),
            },
          );
        }}
      >
        <h3 className="text-base font-semibold text-ink">{t('hr.clinicHours.sessionsTitle')}</h3>
        {sessions.fields.length === 0 && (
          <p className="text-sm text-muted">{t('hr.clinicHours.noSessions')}</p>
        )}
        {sessions.fields.map((field, i) => {
          const n = i + 1;
          return (
            <fieldset
              key={field.id}
              className="grid grid-cols-1 gap-3 rounded-lg border border-line p-3 sm:grid-cols-2 lg:grid-cols-5"
            >
              <legend className="px-1 text-sm font-semibold text-ink">
                {t('hr.clinicHours.sessionLegend', { n })}
              </legend>
              <SelectField
                name={`sessions.${i}.weekday`}
                label={t('hr.clinicHours.weekdayLabel', { n })}
                options={weekdayOptions}
                required
              />
              <TimeField
                name={`sessions.${i}.start`}
                label={t('hr.clinicHours.startLabel', { n })}
                required
              />
              <TimeField
                name={`sessions.${i}.end`}
                label={t('hr.clinicHours.endLabel', { n })}
                required
              />
              <NumberField
                name={`sessions.${i}.slot_minutes`}
                label={t('hr.clinicHours.slotLabel', { n })}
                min={5}
                max={240}
                step={5}
                required
              />
              <SelectField
                name={`sessions.${i}.department_id`}
                label={t('hr.clinicHours.departmentLabel', { n })}
                options={departmentOptions}
                emptyLabel={t('hr.clinicHours.anyDepartment')}
              />
              <div className="sm:col-span-2 lg:col-span-5">
                <Button variant="secondary" onClick={() => sessions.remove(i)}>
                  {t('hr.clinicHours.removeSession', { n })}
                </Button>
              </div>
            </fieldset>
          );
        })}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              sessions.append({
                weekday: '1',
                start: '09:00',
                end: '12:00',
                slot_minutes: '15',
                department_id: '',
              })
            }
          >
            {t('hr.clinicHours.addSession')}
          </Button>
        </div>
        <h3 className="text-base font-semibold text-ink">{t('hr.clinicHours.exceptionsTitle')}</h3>
        <p className="text-sm text-muted">{t('hr.clinicHours.exceptionsHint')}</p>
        {exceptions.fields.map((field, i) => {
          const n = i + 1;
          return (
            <fieldset
              key={field.id}
              className="grid grid-cols-1 gap-3 rounded-lg border border-line p-3 sm:grid-cols-3"
            >
              <legend className="px-1 text-sm font-semibold text-ink">
                {t('hr.clinicHours.exceptionLegend', { n })}
              </legend>
              <DateField
                name={`exceptions.${i}.date`}
                label={t('hr.clinicHours.exceptionDateLabel', { n })}
                required
              />
              <TimeField
                name={`exceptions.${i}.start`}
                label={t('hr.clinicHours.exceptionStartLabel', { n })}
              />
              <TimeField
                name={`exceptions.${i}.end`}
                label={t('hr.clinicHours.exceptionEndLabel', { n })}
              />
              <div className="sm:col-span-3">
                <Button variant="secondary" onClick={() => exceptions.remove(i)}>
                  {t('hr.clinicHours.removeException', { n })}
                </Button>
              </div>
            </fieldset>
          );
        })}
        <div>
          <Button
            variant="secondary"
            onClick={() => exceptions.append({ date: '', start: '', end: '' })}
          >
            {t('hr.clinicHours.addException')}
          </Button>
        </div>
        <FormActions submitLabel={t('hr.clinicHours.save')} busy={save.isPending} />
      </PortalForm>
    </Card>
  );
}

/** The bookings a new leave overlaps, to be rebooked (none was cancelled). */
function AffectedList({ affected }: { affected: readonly AffectedAppointment[] }) {
  const t = useT();
  const format = useFormat();
  if (affected.length === 0) return <p>{t('hr.clinicHours.leaveNoBookings')}</p>;
  return (
    <>
      <p>{t('hr.clinicHours.leaveRebook', { count: affected.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {affected.map((a) => (
          <li key={a.appointment_id}>
            {format.dayTime(`${a.date} ${a.time.slice(0, 5)}`)} — {a.first_name} {a.last_name} (
            {a.patient_id})
          </li>
        ))}
      </ul>
    </>
  );
}

/** A clinician's leave: a new one (whole days), and the ones kept, each withdrawable. */
function LeaveSection({ employeeId, schedule }: { employeeId: string; schedule: Schedule }) {
  const t = useT();
  const format = useFormat();
  const add = useAddLeaveMutation();
  const withdraw = useWithdrawLeaveMutation();
  const { feedback, noticeRef, succeed, fail, clear } =
    useSubmitFeedback<readonly AffectedAppointment[]>();
  const form = usePortalForm(leaveRules, {
    defaultValues: { from: '', to: '', note: '' },
  });
  return (
    <Card title={t('hr.clinicHours.leaveTitle')}>
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success" title={t('hr.clinicHours.leaveAdded')} tabIndex={-1}>
          <AffectedList affected={feedback.value} />
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('hr.clinicHours.leaveFailed')}
      />
      <PortalForm
        form={form}
        aria-label={t('hr.clinicHours.leaveTitle')}
        onSubmit={(values) => {
          clear();
          add.mutate(
            { employeeId, leave: values },
            {
              onSuccess: (answer) => {
                form.reset({ from: '', to: '', note: '' });
                succeed(answer.affected_appointments);
              },
              onError: (error) => fail(form, toApiError(error)),
            },
          );
        }}
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <DateField name="from" label={t('hr.clinicHours.leaveFrom')} required />
          <DateField name="to" label={t('hr.clinicHours.leaveTo')} required />
          <TextField name="note" label={t('hr.clinicHours.leaveNote')} maxLength={200} />
        </div>
        <FormActions submitLabel={t('hr.clinicHours.addLeave')} busy={add.isPending} />
      </PortalForm>
      <h3 className="mt-4 text-base font-semibold text-ink">{t('hr.clinicHours.leaveKept')}</h3>
      {withdraw.error != null && (
        <ErrorState variant="inline">{toApiError(withdraw.error).detail}</ErrorState>
      )}
      {schedule.leave.length === 0 ? (
        <p className="text-sm text-muted">{t('hr.clinicHours.noLeave')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {schedule.leave.map((leave) => (
            <li
              key={leave.leave_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-2 text-sm"
            >
              <span>
                {t('hr.clinicHours.leaveDates', {
                  from: format.day(leave.from),
                  to: format.day(leave.to),
                })}
                {leave.note ? ` — ${leave.note}` : ''}
              </span>
              <Button
                variant="secondary"
                busy={withdraw.isPending && withdraw.variables.leaveId === leave.leave_id}
                onClick={() => withdraw.mutate({ employeeId, leaveId: leave.leave_id })}
              >
                {t('hr.clinicHours.withdraw', {
                  from: format.day(leave.from),
                  to: format.day(leave.to),
                })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * Clinic hours: HR names a clinician (Employee ID, also from `?employee_id=`) and keeps their
 * weekly sessions, dated exceptions and leave; patients book the free slots these leave.
 */
export function ClinicHoursPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const named = (params.get(PREFILL_PARAMS.employee) ?? '').trim().toUpperCase();
  const employeeId = named;
  const lookup = usePortalForm(lookupRules, { defaultValues: { employee_id: named } });
  const schedule = useSchedule(employeeId);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading description={t('hr.clinicHours.description')}>
        {t('hr.clinicHours.title')}
      </PageHeading>
      <Card>
        <PortalForm
          form={lookup}
          aria-label={t('hr.clinicHours.lookupTitle')}
          onSubmit={(values) => setParams({ [PREFILL_PARAMS.employee]: values.employee_id })}
        >
          <TextField
            name="employee_id"
            label={t('hr.clinicHours.employeeId')}
            required
            selectOnFocus
          />
          <FormActions submitLabel={t('hr.clinicHours.show')} busy={schedule.isFetching} />
        </PortalForm>
      </Card>
      {schedule.isError && (
        <ErrorState variant="inline">{toApiError(schedule.error).detail}</ErrorState>
      )}
      {schedule.data && schedule.data.employee_id === employeeId && (
        <>
          <HoursForm
            key={`${employeeId}-${schedule.dataUpdatedAt}`}
            employeeId={employeeId}
            schedule={schedule.data}
          />
          <LeaveSection employeeId={employeeId} schedule={schedule.data} />
        </>
      )}
    </div>
  );
}
