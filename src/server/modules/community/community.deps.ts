import type { EmailSender } from '#server/adapters/email/port';
import type { Db } from '#server/db/client';
import type { ErrorReporter } from '#server/lib/error-reporter';

/** What the community's use cases need beyond the database: the author's emails when moderation hides their words. */
export interface CommunityDeps {
  db: Db;
  email: EmailSender;
  reporter: ErrorReporter;
  /** The public origin, for links in emails. */
  appUrl: string;
  /** Reports by this many distinct members hide a post or comment pending review; 0: never (MODERATION_AUTO_HIDE_REPORTS). */
  autoHideReports: number;
}
