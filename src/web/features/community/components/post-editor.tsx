import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POST_CATEGORIES, type PostCategory } from '#core/community/schemas';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowLeftIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-client';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { ButtonLink } from '#web/components/ui/button';
import { useCreatePost, usePost, useUpdatePost } from '../api/community';
import { PostForm } from './post-form';
import { PostNotFound } from './post-not-found';

function EditorHeader({ title, subtitle, back }: { title: string; subtitle: string; back: string }) {
  const { t } = useTranslation();
  return (
    <header className="mb-6 space-y-3">
      <ButtonLink to={back} variant="ghost" size="sm" icon={<ArrowLeftIcon />} className="-ml-3">
        {t('community.back')}
      </ButtonLink>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{subtitle}</p>
      </div>
    </header>
  );
}

export function NewPostPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const create = useCreatePost();
  const preset = params.get('category');
  const category: PostCategory = (POST_CATEGORIES as readonly string[]).includes(preset ?? '') ? (preset as PostCategory) : 'general';
  const back = `${to('app/community')}${preset && category === preset ? `?category=${category}` : ''}`;
  useDocumentTitle(t('community.form.newTitle'));

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <EditorHeader title={t('community.form.newTitle')} subtitle={t('community.form.newSubtitle')} back={back} />
      <PostForm
        defaultValues={{ title: '', content: '', category }}
        submitLabel={t('community.form.publish')}
        pendingLabel={t('community.form.publishing')}
        cancelTo={back}
        pending={create.isPending}
        error={create.error}
        onSubmit={(values, onServerError) =>
          create.mutate(values, {
            onSuccess: (post) => {
              toast.success(t('community.form.published'));
              navigate(to(`app/community/posts/${post.id}`), { replace: true });
            },
            onError: onServerError,
          })
        }
      />
    </div>
  );
}

export function EditPostPage({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const post = usePost(postId);
  const update = useUpdatePost(postId);
  const back = to(`app/community/posts/${postId}`);
  useDocumentTitle(t('community.form.editTitle'));

  // Someone else's post cannot be edited: the page says what the API would, that there is no such post to edit.
  const notFound = (post.isError && isApiError(post.error) && (post.error.statusCode === 404 || post.error.statusCode === 400)) || (post.data && !post.data.isOwn);

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      {notFound ? (
        <PostNotFound />
      ) : (
        <>
          <EditorHeader title={t('community.form.editTitle')} subtitle={t('community.form.editSubtitle')} back={back} />
          {post.isPending ? (
            <Skeleton className="h-96 rounded-2xl" />
          ) : post.isError ? (
            <ErrorState error={post.error} onRetry={() => void post.refetch()} retrying={post.isFetching} />
          ) : (
            <PostForm
              defaultValues={{ title: post.data.title, content: post.data.content, category: post.data.category }}
              submitLabel={t('common.save')}
              pendingLabel={t('common.saving')}
              cancelTo={back}
              pending={update.isPending}
              error={update.error}
              onSubmit={(values, onServerError) =>
                update.mutate(values, {
                  onSuccess: () => {
                    toast.success(t('community.form.saved'));
                    navigate(back, { replace: true });
                  },
                  onError: onServerError,
                })
              }
            />
          )}
        </>
      )}
    </div>
  );
}
