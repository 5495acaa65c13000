import { useRef } from 'react';
import { ROUTES } from '@portal/contract';
import { useAuth, useSessionEndedNotice } from '@portal/auth';
import { Button, HOSPITAL_NAME, LinkButton, Notice } from '@portal/ui';
import { CountUp } from './count-up';
import { HeroArt } from './hero-art';

const STATS = [
  { to: 50, suffix: '+', label: 'years of trusted care' },
  { to: 21, suffix: 'M', label: 'successful treatments' },
  { to: 100, suffix: '%', label: 'daily care' },
] as const;

const HIGHLIGHTS = [
  {
    title: '24-hour emergency care',
    text: 'Emergency physicians and nurses on site day and night, with a resuscitation team ready in minutes.',
  },
  {
    title: 'Heart and vascular centre',
    text: 'Cardiology, catheter laboratory and cardiac surgery working as one team, from first symptom to rehabilitation.',
  },
  {
    title: 'Modern imaging',
    text: 'MRI, CT and digital X-ray with same-day reports, so treatment can start sooner.',
  },
  {
    title: 'Intensive care',
    text: 'A 40-bed intensive care unit with one nurse for every two patients.',
  },
] as const;

const FEATURES = [
  {
    group: 'Patients',
    text: 'See your own record: your details, drug allergies, chronic conditions, medical history and your next appointment.',
  },
  {
    group: 'Medical personnel',
    text: 'Register patients, keep their records up to date, add appointments and history, and find any record in seconds.',
  },
  {
    group: 'Human resources',
    text: 'Keep staff records, positions and salaries; when someone leaves, their access to the portal ends at once.',
  },
] as const;

/** The public landing page: hero with counters, highlights, the three user groups, a call to action. */
export function LandingPage() {
  const { isAuthenticated } = useAuth();
  const sessionEnded = useSessionEndedNotice();
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
          For your privacy you were signed out. Please log in again to continue.
        </Notice>
      )}
      <section
        aria-labelledby="hero-title"
        className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-8 md:grid-cols-2"
      >
        <div className="flex flex-col gap-6">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {HOSPITAL_NAME}
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Care that knows you, wherever you meet us
          </h1>
          <p className="text-lg text-muted">
            One portal for our patients, our care teams and the people who support them: your record
            stays with you, and the team treating you sees the same.
          </p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={systemTarget}>Our System</LinkButton>
            <Button variant="secondary" onClick={showSystemInfo}>
              System Info
            </Button>
          </div>
        </div>
        <HeroArt className="w-full max-w-lg justify-self-center" />
      </section>

      <section aria-label="The hospital in numbers" className="mx-auto w-full max-w-6xl px-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl border border-line bg-surface p-6 text-center shadow-sm"
            >
              {/* The term comes first, as a definition list needs; the figure shows above it. */}
              <dt className="mt-1 text-muted">{stat.label}</dt>
              <dd className="text-4xl font-bold text-brand-700">
                <CountUp to={stat.to} suffix={stat.suffix} />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="highlights-title" className="mx-auto w-full max-w-6xl px-4">
        <h2 id="highlights-title" className="text-2xl font-bold text-ink">
          Advanced care
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-line bg-surface p-5">
              <h3 className="font-semibold text-brand-800">{item.title}</h3>
              <p className="mt-2 text-sm text-muted">{item.text}</p>
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
            One system for everyone who keeps you well
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <li
                key={feature.group}
                className="rounded-2xl border border-brand-200 bg-surface p-6"
              >
                <h3 className="text-lg font-semibold text-brand-800">{feature.group}</h3>
                <p className="mt-2 text-muted">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-800 p-8 text-white md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold">
              Ready when you are
            </h2>
            <p className="mt-1 text-brand-50">Sign in to see your record, or to get to work.</p>
          </div>
          <LinkButton to={systemTarget} variant="secondary">
            Access the System
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
