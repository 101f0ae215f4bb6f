import { useParams } from 'react-router';
import { ForumPage } from '#web/features/community/components/forum-page';
import { EditPostPage, NewPostPage } from '#web/features/community/components/post-editor';
import { PostPage } from '#web/features/community/components/post-page';

export function CommunityRoute() {
  return <ForumPage />;
}

export function NewPostRoute() {
  return <NewPostPage />;
}

// Keyed by id: moving from one post to another starts the page afresh (dialogs closed, forms empty).
export function PostRoute() {
  const { postId = '' } = useParams();
  return <PostPage key={postId} postId={postId} />;
}

export function EditPostRoute() {
  const { postId = '' } = useParams();
  return <EditPostPage key={postId} postId={postId} />;
}
