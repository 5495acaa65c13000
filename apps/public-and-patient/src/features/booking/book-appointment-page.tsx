import { useState } from 'react';
import {
  addDays,
  BOOKING_REASON_MAX,
  hospitalToday,
  ROUTES,
  type Slot,
  timeOfMinutes,
  type UpcomingAppointment,
  wallClock,
} from '@portal/contract';
import { toApiError, type SlotFilter, useBookSlotMutation, useSlots } from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  SelectField,
  SubmitErrorNotice,
  TextAreaField,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import type { Pack } from '@portal/i18n';
import { DEPARTMENTS, localName } from '@portal/reference-data';
import {
  Button,
  Card,
  ErrorState,
  Notice,
  PageHeading,
  PortalLink,
  useLocale,
  useT,
} from '@portal/ui';
import bookAppointmentPageTexts from '@portal/i18n/packs/page-book-appointment';

/** The page's texts (PAGE_PACKS: bookAppointment), fetched before it shows. */
export const PAGE_TEXTS: readonly Pack[] = [bookAppointmentPageTexts];

// The forms' rules, loaded when the browser is idle after the first paint (usePortalForm).
const filterRules = () => import('@portal/contract/schemas').then((c) => c.slotFilterSchema);
const bookingRules = () => import('@portal/contract/schemas').then((c) => c.bookSlotRequestSchema);

/** Days of free slots offered: eight weeks from today (the server's horizon bounds it too). */
const DAYS_SHOWN = 56;

/** A slot's start on the hospital's clock, and its clinician's name. */
function slotWords(slot: Slot) {
  const clock = wallClock(Date.parse(slot.start));
  return {
    date: clock.date,
    time: timeOfMinutes(clock.minutes),
    name: `${slot.clinician.first_name} ${slot.clinician.last_name}`,
  };
}

/** The free slots of the filter, a page at a time, each a button that chooses it. */
function SlotList({ filter, onChoose }: { filter: SlotFilter; onChoose: (slot: Slot) => void }) {
  const t = useT();
  const slots = useSlots(filter, { limit: 40 });
  const items = slots.data?.pages.flatMap((page) => page.items) ?? [];
  if (slots.isPending) return <p className="text-sm text-muted">{t('public.booking.loading')}</p>;
  if (slots.isError)
    return <ErrorState variant="inline">{toApiError(slots.error).detail}</ErrorState>;
  if (items.length === 0) return <p className="text-sm text-muted">{t('public.booking.none')}</p>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {items.map((slot) => {
          const words = slotWords(slot);
          return (
            <li key={`${slot.clinician_id}-${slot.start}`}>
              <Button
                variant="secondary"
                className="w-full"
                aria-label={t('public.booking.choose', words)}
                onClick={() => onChoose(slot)}
              >
                {t('public.booking.slot', words)}
              </Button>
            </li>
          );
        })}
      </ul>
      {slots.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            busy={slots.isFetchingNextPage}
            onClick={() => void slots.fetchNextPage()}
          >
            {t('public.booking.more')}
          </Button>
        </div>
      )}
    </>
  );
}

/** The chosen slot and the reason: Book. */
function BookingForm({
  slot,
  onBooked,
}: {
  slot: Slot;
  onBooked: (a: UpcomingAppointment) => void;
}) {
  const t = useT();
  const book = useBookSlotMutation();
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback<UpcomingAppointment>();
  const form = usePortalForm(bookingRules, {
    defaultValues: { clinician_id: slot.clinician_id, start: slot.start, reason: '' },
  });
  return (
    <Card title={t('public.booking.chosen', slotWords(slot))}>
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('public.booking.failed')}
      />
      <PortalForm
        form={form}
        aria-label={t('public.booking.title')}
        onSubmit={(values) => {
          clear();
          book.mutate(values, {
            onSuccess: onBooked,
            onError: (error) => fail(form, toApiError(error)),
          });
        }}
      >
        <TextAreaField
          name="reason"
          label={t('public.booking.reason')}
          maxLength={BOOKING_REASON_MAX}
          required
        />
        <FormActions submitLabel={t('public.booking.book')} busy={book.isPending} />
      </PortalForm>
    </Card>
  );
}

/**
 * A patient books their own appointment: a department or a clinician (or neither), the free
 * slots of the next eight weeks on the hospital's clock, and a reason.
 */
export function BookAppointmentPage() {
  const t = useT();
  const locale = useLocale();
  const today = hospitalToday();
  const [filter, setFilter] = useState<SlotFilter>({
    from: today,
    to: addDays(today, DAYS_SHOWN - 1),
  });
  const [chosen, setChosen] = useState<Slot | null>(null);
  const [booked, setBooked] = useState<UpcomingAppointment | null>(null);
  const form = usePortalForm(filterRules, {
    defaultValues: { department_id: '', clinician_id: '' },
  });
  const departmentOptions = DEPARTMENTS.map((d) => ({ value: d.id, label: localName(d, locale) }));
  return (
    <div className="flex flex-col gap-6">
      <PageHeading description={t('public.booking.description')}>
        {t('public.booking.title')}
      </PageHeading>
      {booked && (
        <Notice tone="success" title={t('public.booking.booked')}>
          <p>
            {t('public.booking.bookedDetail', {
              date: booked.date,
              time: booked.time.slice(0, 5),
              name: booked.clinician
                ? `${booked.clinician.first_name} ${booked.clinician.last_name}`
                : '',
            })}
          </p>
        </Notice>
      )}
      <Card>
        <PortalForm
          form={form}
          aria-label={t('public.booking.find')}
          onSubmit={(values) => {
            setChosen(null);
            setFilter({
              from: today,
              to: addDays(today, DAYS_SHOWN - 1),
              ...(values.department_id ? { department_id: values.department_id } : {}),
              ...(values.clinician_id ? { clinician_id: values.clinician_id } : {}),
            });
          }}
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <SelectField
              name="department_id"
              label={t('public.booking.department')}
              options={departmentOptions}
              emptyLabel={t('public.booking.anyDepartment')}
            />
            <TextField name="clinician_id" label={t('public.booking.clinician')} />
          </div>
          <FormActions submitLabel={t('public.booking.find')} />
        </PortalForm>
      </Card>
      {chosen && (
        <BookingForm
          key={`${chosen.clinician_id}-${chosen.start}`}
          slot={chosen}
          onBooked={(appointment) => {
            setChosen(null);
            setBooked(appointment);
          }}
        />
      )}
      <Card title={t('public.booking.slotsTitle')}>
        <div className="flex flex-col gap-3">
          <SlotList
            filter={filter}
            onChoose={(slot) => {
              setBooked(null);
              setChosen(slot);
            }}
          />
        </div>
      </Card>
      <p>
        <PortalLink to={ROUTES.patientProfile} className="font-semibold text-brand-800 underline">
          {t('public.booking.back')}
        </PortalLink>
      </p>
    </div>
  );
}
