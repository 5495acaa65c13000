import { useRef, useState } from 'react';
import { ROUTES } from '@portal/contract';
import { useAuth, useSessionEndedNotice } from '@portal/auth';
import type { MessageId } from '@portal/i18n';
import { draftWasKept } from '@portal/shell';
import { Button, LinkButton, Notice, useLaterTexts, useT } from '@portal/ui';
import { CountUp } from './count-up';
import { HeroArt } from './hero-art';
import type { Pack } from '@portal/i18n';
import publicLandingTexts from '@portal/i18n/packs/public-landing';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [publicLandingTexts];

const STATS: readonly { to: number; suffix?: string; suffixId?: MessageId; label: MessageId }[] = [
  { to: 50, suffix: '+', label: 'public.landing.stats.years' },
  {
    to: 21,
    suffixId: 'public.landing.stats.millionSuffix',
    label: 'public.landing.stats.treatments',
  },
  { to: 100, suffix: '%', label: 'public.landing.stats.dailyCare' },
];

const HIGHLIGHTS: readonly { title: MessageId; text: MessageId }[] = [
  {
    title: 'public.landing.highlights.emergencyTitle',
    text: 'public.landing.highlights.emergencyText',
  },
  { title: 'public.landing.highlights.heartTitle', text: 'public.landing.highlights.heartText' },
  {
    title: 'public.landing.highlights.imagingTitle',
    text: 'public.landing.highlights.imagingText',
  },
  {
    title: 'public.landing.highlights.intensiveCareTitle',
    text: 'public.landing.highlights.intensiveCareText',
  },
];

const FEATURES: readonly { group: MessageId; text: MessageId }[] = [
  { group: 'public.landing.features.patientsGroup', text: 'public.landing.features.patientsText' },
  {
    group: 'public.landing.features.medicalPersonnelGroup',
    text: 'public.landing.features.medicalPersonnelText',
  },
  {
    group: 'public.landing.features.humanResourcesGroup',
    text: 'public.landing.features.humanResourcesText',
  },
];

/** The public landing page: hero with counters, highlights, the three user groups, a call to action. */
export function LandingPage() {
  const t = useT();
  const { isAuthenticated } = useAuth();
  const sessionEnded = useSessionEndedNotice();
  // A form's values kept for this tab when the session ended: nothing was saved, and signing in
  // again here gives them back (its words are in the `later` pack).
  const [draftKept] = useState(draftWasKept);
  const laterTexts = useLaterTexts();
  const features = useRef<HTMLHeadingElement>(null);
  const systemTarget = isAuthenticated ? ROUTES.system : ROUTES.login;

  const showSystemInfo = () => {
    features.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    features.current?.focus({ preventScroll: true });
  };

  return (
    <div className="flex flex-col gap-16 pb-8">
      {sessionEnded && (
        <Notice tone="warning" title={sessionEnded} className="mx-auto mt-4 w-full max-w-6xl">
          {t('public.landing.sessionEnded')}
          {draftKept && laterTexts && <p>{t('common.draft.kept')}</p>}
        </Notice>
      )}
      <section
        aria-labelledby="hero-title"
        className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-8 md:grid-cols-2"
      >
        <div className="flex flex-col gap-6">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t('common.brand.hospitalName')}
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            {t('public.landing.heroTitle')}
          </h1>
          <p className="text-lg text-muted">{t('public.landing.heroText')}</p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={systemTarget}>{t('public.landing.ourSystem')}</LinkButton>
            <Button variant="secondary" onClick={showSystemInfo}>
              {t('public.landing.systemInfo')}
            </Button>
          </div>
        </div>
        <HeroArt className="w-full max-w-lg justify-self-center" />
      </section>

      <section
        aria-label={t('public.landing.stats.label')}
        className="mx-auto w-full max-w-6xl px-4"
      >
        <dl className="grid gap-4 sm:grid-cols-3">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl border border-line bg-surface p-6 text-center shadow-sm"
            >
              {/* The term comes first, as a definition list needs; the figure shows above it. */}
              <dt className="mt-1 text-muted">{t(stat.label)}</dt>
              <dd className="text-4xl font-bold text-brand-700">
                <CountUp to={stat.to} suffix={stat.suffixId ? t(stat.suffixId) : stat.suffix} />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="highlights-title" className="mx-auto w-full max-w-6xl px-4">
        <h2 id="highlights-title" className="text-2xl font-bold text-ink">
          {t('public.landing.highlights.title')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-line bg-surface p-5">
              <h3 className="font-semibold text-brand-800">{t(item.title)}</h3>
              <p className="mt-2 text-sm text-muted">{t(item.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title" className="bg-brand-50 py-12">
        <div className="mx-auto w-full max-w-6xl px-4">
          <h2
            id="features-title"
            ref={features}
            tabIndex={-1}
            className="scroll-mt-24 text-2xl font-bold text-ink"
          >
            {t('public.landing.features.title')}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <li
                key={feature.group}
                className="rounded-2xl border border-brand-200 bg-surface p-6"
              >
                <h3 className="text-lg font-semibold text-brand-800">{t(feature.group)}</h3>
                <p className="mt-2 text-muted">{t(feature.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-800 p-8 text-white md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold">
              {t('public.landing.cta.title')}
            </h2>
            <p className="mt-1 text-brand-50">{t('public.landing.cta.text')}</p>
          </div>
          <LinkButton to={systemTarget} variant="secondary">
            {t('public.landing.cta.accessSystem')}
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
