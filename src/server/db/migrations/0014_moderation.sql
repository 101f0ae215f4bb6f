CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" uuid,
	"post_id" uuid,
	"member_id" uuid,
	"reason" text,
	"note" text,
	"suspended_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" IN ('auto_hide', 'hide', 'dismiss', 'suspend', 'unsuspend')),
	CONSTRAINT "moderation_actions_target_kind_check" CHECK ("moderation_actions"."target_kind" IN ('post', 'comment'))
);
--> statement-breakpoint
ALTER TABLE "post_reports" DROP CONSTRAINT "post_reports_post_user_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "target_id" uuid GENERATED ALWAYS AS (coalesce(comment_id, post_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_newest_idx" ON "moderation_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_id");--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("suspended_until") WHERE "users"."suspended_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_hidden_idx" ON "comments" USING btree ("post_id") WHERE "comments"."hidden_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_hidden_idx" ON "posts" USING btree ("user_id") WHERE "posts"."hidden_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_target_user_unique" UNIQUE("target_id","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('member', 'moderator'));--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_by_check" CHECK ("comments"."hidden_by" IN ('reports', 'moderator'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_hidden_by_check" CHECK ("posts"."hidden_by" IN ('reports', 'moderator'));--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate triggers). The forum's counters count what members see: hidden
-- posts leave their category's count and hidden comments their post's comment_count, and come back when a moderator
-- restores them. The list's total for an author or a moderator adds the hidden rows they may see (posts_hidden_idx,
-- comments_hidden_idx). Nothing is hidden yet, so the counts kept so far stay right.
CREATE OR REPLACE FUNCTION community_count_posts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_category_counts AS c (category, post_count)
      SELECT category, count(*) FROM new_rows WHERE hidden_at IS NULL GROUP BY category ORDER BY category
      ON CONFLICT (category) DO UPDATE SET post_count = c.post_count + EXCLUDED.post_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE post_category_counts c SET post_count = c.post_count - d.n
      FROM (SELECT category, count(*) AS n FROM old_rows WHERE hidden_at IS NULL GROUP BY category) d
      WHERE c.category = d.category;
  ELSE
    -- An author moved posts to another category, or a post was hidden or shown again (most updates are edits or
    -- counters, and move nothing).
    INSERT INTO post_category_counts AS c (category, post_count)
      SELECT category, sum(n) FROM (
        SELECT o.category, -1 AS n FROM old_rows o JOIN new_rows w USING (id)
          WHERE o.hidden_at IS NULL AND (o.category <> w.category OR w.hidden_at IS NOT NULL)
        UNION ALL
        SELECT w.category, 1 FROM old_rows o JOIN new_rows w USING (id)
          WHERE w.hidden_at IS NULL AND (o.category <> w.category OR o.hidden_at IS NOT NULL)
      ) moved
      GROUP BY category ORDER BY category
      ON CONFLICT (category) DO UPDATE SET post_count = c.post_count + EXCLUDED.post_count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION community_count_comments() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts p SET comment_count = p.comment_count + d.n
      FROM (SELECT post_id, count(*) AS n FROM new_rows WHERE hidden_at IS NULL GROUP BY post_id) d
      WHERE p.id = d.post_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts p SET comment_count = p.comment_count - d.n
      FROM (SELECT post_id, count(*) AS n FROM old_rows WHERE hidden_at IS NULL GROUP BY post_id) d
      WHERE p.id = d.post_id;
  ELSE
    -- Comments hidden (-1) or shown again (+1); edits change nothing.
    UPDATE posts p SET comment_count = p.comment_count + d.n
      FROM (
        SELECT w.post_id, sum(CASE WHEN w.hidden_at IS NULL THEN 1 ELSE -1 END) AS n
          FROM old_rows o JOIN new_rows w USING (id)
          WHERE (o.hidden_at IS NULL) <> (w.hidden_at IS NULL)
          GROUP BY w.post_id
      ) d
      WHERE p.id = d.post_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER comments_count_hide AFTER UPDATE ON comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_comments();
