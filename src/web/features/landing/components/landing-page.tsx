import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_CATALOGUE } from '#core/billing/catalogue';
import { ButtonLink } from '#web/components/ui/button';
import { AppleIcon, ArrowRightIcon, CameraIcon, CheckIcon, DumbbellIcon, FlameIcon, SparklesIcon, UsersIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';
import { formatNumber, formatPrice } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';

interface Feature {
  key: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const FEATURES: Feature[] = [
  { key: 'plans', icon: SparklesIcon },
  { key: 'logging', icon: FlameIcon },
  { key: 'calories', icon: CameraIcon },
  { key: 'nutrition', icon: AppleIcon },
  { key: 'community', icon: UsersIcon },
  { key: 'library', icon: DumbbellIcon },
];

function HeroPreview() {
  const { t } = useTranslation();
  const locale = useLocale();
  const week = [true, true, false, true, true, true, false];
  const days = t('landing.preview.days').split(',');
  const exercises = [
    { name: t('landing.preview.ex1'), detail: '4 × 8' },
    { name: t('landing.preview.ex2'), detail: '3 × 10' },
    { name: t('landing.preview.ex3'), detail: '3 × 45s' },
  ];
  const eaten = 1640;
  const target = 2100;
  const circumference = 2 * Math.PI * 42;
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-linear-to-br from-brand-200/70 via-amber-100/40 to-transparent blur-2xl dark:from-brand-900/40 dark:via-amber-900/10" />
      <div className="rounded-3xl border border-zinc-200/80 bg-white/90 p-5 shadow-xl backdrop-blur sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/90">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-medium tracking-wide text-brand-600 uppercase dark:text-brand-400">{t('landing.preview.today')}</p>
            <p className="mt-1 font-semibold">{t('landing.preview.workout')}</p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('landing.preview.week')}</p>
          </div>
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700 dark:bg-brand-950/60 dark:text-brand-300">
            {t('landing.preview.minutes', { count: 45 })}
          </span>
        </div>
        <ul className="mt-5 space-y-2.5">
          {exercises.map((ex, i) => (
            <li key={ex.name} className="flex items-center gap-3 rounded-xl bg-zinc-50 px-3 py-2.5 dark:bg-zinc-800/60">
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full text-xs',
                  i === 0 ? 'bg-brand-600 text-white' : 'border border-zinc-300 text-transparent dark:border-zinc-600',
                )}
              >
                <CheckIcon />
              </span>
              <span className="flex-1 text-sm font-medium">{ex.name}</span>
              <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">{ex.detail}</span>
            </li>
          ))}
        </ul>
        <div className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
            <div className="flex items-center gap-1.5 text-sm font-semibold">
              <FlameIcon className="text-brand-500" />
              {t('landing.preview.streak', { count: 12 })}
            </div>
            <div className="mt-3 flex justify-between gap-1">
              {week.map((done, i) => (
                <div key={i} className="flex flex-col items-center gap-1">
                  <span className={cn('size-3.5 rounded-full', done ? 'bg-brand-500' : 'bg-zinc-200 dark:bg-zinc-700')} />
                  <span className="text-[10px] text-zinc-400">{days[i]}</span>
                </div>
              ))}
            </div>
          </div>
          <div className="flex items-center gap-3 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
            <svg viewBox="0 0 100 100" className="size-14 shrink-0 -rotate-90" aria-hidden="true">
              <circle cx="50" cy="50" r="42" fill="none" strokeWidth="12" className="stroke-zinc-200 dark:stroke-zinc-700" />
              <circle
                cx="50"
                cy="50"
                r="42"
                fill="none"
                strokeWidth="12"
                strokeLinecap="round"
                className="stroke-brand-500"
                strokeDasharray={`${(eaten / target) * circumference} ${circumference}`}
              />
            </svg>
            <div className="min-w-0">
              <p className="text-sm font-semibold tabular-nums">{formatNumber(eaten, locale)}</p>
              <p className="text-[11px] leading-tight text-zinc-500 dark:text-zinc-400">{t('landing.preview.kcalOf', { target: formatNumber(target, locale) })}</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  useDocumentTitle(t('landing.title'));

  const primaryCta = signedIn ? (
    <ButtonLink to={to('app')} size="lg" icon={<ArrowRightIcon />} className="flex-row-reverse">
      {t('nav.openApp')}
    </ButtonLink>
  ) : (
    <ButtonLink to={to('sign-up')} size="lg" icon={<ArrowRightIcon />} className="flex-row-reverse">
      {t('landing.cta')}
    </ButtonLink>
  );

  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-linear-to-b from-brand-50/80 to-transparent dark:from-brand-950/30" />
        <div className="container-page grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:py-24">
          <div className="space-y-7">
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-medium text-brand-700 dark:border-brand-900 dark:bg-zinc-900/60 dark:text-brand-300">
              <SparklesIcon />
              {t('landing.eyebrow')}
            </p>
            <h1 className="text-4xl leading-[1.08] font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              <span className="block">{t('landing.heroTitle')}</span>
              <span className="block text-brand-600 dark:text-brand-400">{t('landing.heroAccent')}</span>
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-pretty text-zinc-600 dark:text-zinc-300">{t('landing.heroBody')}</p>
            <div className="flex flex-wrap items-center gap-3">
              {primaryCta}
              <ButtonLink to={to('pricing')} size="lg" variant="outline">
                {t('landing.seePricing')}
              </ButtonLink>
            </div>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('landing.heroNote')}</p>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">{t('landing.featuresEyebrow')}</p>
            <h2 id="features-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {t('landing.featuresTitle')}
            </h2>
            <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('landing.featuresBody')}</p>
          </div>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key} className="group rounded-2xl border border-zinc-200 bg-white p-6 transition-shadow hover:shadow-soft dark:border-zinc-800 dark:bg-zinc-900/60">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-xl text-brand-600 transition-colors group-hover:bg-brand-600 group-hover:text-white dark:bg-brand-950/60 dark:text-brand-400">
                  <Icon />
                </span>
                <h3 className="mt-4 font-semibold">{t(`landing.features.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{t(`landing.features.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="border-y border-zinc-200 bg-white py-16 sm:py-20 dark:border-zinc-800 dark:bg-zinc-900/40">
        <div className="container-page">
          <h2 id="steps-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.stepsTitle')}
          </h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {[1, 2, 3].map((n) => (
              <li key={n} className="relative flex gap-4 md:flex-col">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-sm font-semibold text-white dark:bg-white dark:text-zinc-900">{n}</span>
                <div>
                  <h3 className="font-semibold">{t(`landing.steps.${n}.title`)}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{t(`landing.steps.${n}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="tiers-title" className="py-16 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="tiers-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t('landing.tiersTitle')}
            </h2>
            <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('landing.tiersBody')}</p>
          </div>
          <ul className="mx-auto mt-12 grid max-w-5xl gap-4 md:grid-cols-3">
            {PLAN_CATALOGUE.map((plan) => {
              const featured = plan.id === 'pro';
              return (
                <li
                  key={plan.id}
                  className={cn(
                    'flex flex-col rounded-2xl border p-6',
                    featured ? 'border-brand-500 bg-white shadow-lg ring-1 ring-brand-500 dark:bg-zinc-900' : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60',
                  )}
                >
                  <div className="flex items-center justify-between">
                    <h3 className="font-semibold">{plan.name[locale]}</h3>
                    {featured ? <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-medium text-white">{t('pricing.popular')}</span> : null}
                  </div>
                  <p className="mt-3">
                    <span className="text-3xl font-bold tracking-tight">{formatPrice(plan.priceMonthlyCents, locale)}</span>
                    <span className="text-sm text-zinc-500 dark:text-zinc-400"> {t('pricing.perMonth')}</span>
                  </p>
                  <ul className="mt-5 flex-1 space-y-2 text-sm text-zinc-600 dark:text-zinc-400">
                    {plan.features.slice(0, 3).map((feature) => (
                      <li key={feature.en} className="flex gap-2">
                        <CheckIcon className="mt-0.5 shrink-0 text-brand-600 dark:text-brand-400" />
                        {feature[locale]}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <p className="mt-8 text-center">
            <Link
              to={to('pricing')}
              className="inline-flex items-center gap-1.5 rounded-lg font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400 dark:hover:text-brand-300"
            >
              {t('landing.comparePlans')}
              <ArrowRightIcon />
            </Link>
          </p>
        </div>
      </section>

      <section className="px-4 pb-20 sm:px-6">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-zinc-950 px-6 py-14 text-center text-white sm:px-12">
          <div aria-hidden="true" className="absolute -top-24 left-1/2 size-96 -translate-x-1/2 rounded-full bg-brand-600/40 blur-3xl" />
          <div className="relative space-y-5">
            <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('landing.finalTitle')}</h2>
            <p className="mx-auto max-w-xl text-zinc-300">{t('landing.finalBody')}</p>
            <div className="flex justify-center">{primaryCta}</div>
          </div>
        </div>
      </section>
    </>
  );
}
