import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createPostSchema, LIMITS, POST_CATEGORIES, type CreatePostInput } from '#core/community/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardBody, CardFooter } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input, Textarea } from '#web/components/ui/input';
import { Select } from '#web/components/ui/select';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';

const FIELDS = ['title', 'content', 'category'] as const;

function Counter({ length, max, min = 0 }: { length: number; max: number; min?: number }) {
  const bad = length > max || (length > 0 && length < min);
  return <span className={cn('text-xs tabular-nums', bad ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400')}>{`${length}/${max}`}</span>;
}

interface PostFormProps {
  defaultValues: CreatePostInput;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  pending: boolean;
  /** The last failed attempt: field errors go to their fields, anything else shows above the form. */
  error: unknown;
  onSubmit: (values: CreatePostInput, onServerError: (error: unknown) => void) => void;
}

/**
 * Title, category and text of a post, checked with the same rules as the server while the person types (after they
 * first leave a field), with counters against the limits.
 */
export function PostForm({ defaultValues, submitLabel, pendingLabel, cancelTo, pending, error, onSubmit }: PostFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError, watch } = useForm<CreatePostInput>({
    resolver: zodResolver(createPostSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) => onSubmit(values, (e) => applyServerFieldErrors(e, setError, FIELDS)));
  const fieldErrorShown = Object.keys(errors).length > 0;

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardBody className="space-y-5">
          {error && !fieldErrorShown ? <Alert tone="error">{errorText(error)}</Alert> : null}
          <div className="grid gap-5 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <Field label={t('community.form.category')} error={errors.category?.message}>
              <Select {...register('category')}>
                {POST_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`community.categories.${c}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('community.form.title')} error={errors.title?.message} labelAction={<Counter length={(watch('title') ?? '').length} max={LIMITS.titleMax} />}>
              <Input autoComplete="off" placeholder={t('community.form.titlePlaceholder')} {...register('title')} />
            </Field>
          </div>
          <Field
            label={t('community.form.content')}
            error={errors.content?.message}
            hint={t('community.form.contentHint')}
            labelAction={<Counter length={(watch('content') ?? '').length} max={LIMITS.contentMax} min={LIMITS.contentMin} />}
          >
            <Textarea rows={9} placeholder={t('community.form.contentPlaceholder')} {...register('content')} />
          </Field>
        </CardBody>
        <CardFooter>
          <ButtonLink to={cancelTo} variant="outline">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" loading={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
