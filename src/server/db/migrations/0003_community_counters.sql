-- The forum's counters, kept in the transaction of every write that changes them, so a page of the post list reads
-- them from the rows instead of counting: posts per category (the list's total), comments and likes per post.
-- Statement-level triggers with transition tables do one grouped UPDATE per statement, whether it touched one row or
-- a million (an account deleted with everything it wrote, a bulk seed), and they see cascaded deletes too.
CREATE FUNCTION community_count_posts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_category_counts AS c (category, post_count)
      SELECT category, count(*) FROM new_rows GROUP BY category ORDER BY category
      ON CONFLICT (category) DO UPDATE SET post_count = c.post_count + EXCLUDED.post_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE post_category_counts c SET post_count = c.post_count - d.n
      FROM (SELECT category, count(*) AS n FROM old_rows GROUP BY category) d
      WHERE c.category = d.category;
  ELSE
    -- An author moved posts to another category (most updates are edits or counters, and move nothing).
    INSERT INTO post_category_counts AS c (category, post_count)
      SELECT category, sum(n) FROM (
        SELECT o.category, -1 AS n FROM old_rows o JOIN new_rows w USING (id) WHERE o.category <> w.category
        UNION ALL
        SELECT w.category, 1 FROM old_rows o JOIN new_rows w USING (id) WHERE o.category <> w.category
      ) moved
      GROUP BY category ORDER BY category
      ON CONFLICT (category) DO UPDATE SET post_count = c.post_count + EXCLUDED.post_count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER posts_count_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_posts();
--> statement-breakpoint
CREATE TRIGGER posts_count_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_posts();
--> statement-breakpoint
CREATE TRIGGER posts_count_move AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_posts();
--> statement-breakpoint
CREATE FUNCTION community_count_comments() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts p SET comment_count = p.comment_count + d.n
      FROM (SELECT post_id, count(*) AS n FROM new_rows GROUP BY post_id) d
      WHERE p.id = d.post_id;
  ELSE
    UPDATE posts p SET comment_count = p.comment_count - d.n
      FROM (SELECT post_id, count(*) AS n FROM old_rows GROUP BY post_id) d
      WHERE p.id = d.post_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER comments_count_insert AFTER INSERT ON comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_comments();
--> statement-breakpoint
CREATE TRIGGER comments_count_delete AFTER DELETE ON comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_comments();
--> statement-breakpoint
CREATE FUNCTION community_count_likes() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts p SET like_count = p.like_count + d.n
      FROM (SELECT post_id, count(*) AS n FROM new_rows GROUP BY post_id) d
      WHERE p.id = d.post_id;
  ELSE
    UPDATE posts p SET like_count = p.like_count - d.n
      FROM (SELECT post_id, count(*) AS n FROM old_rows GROUP BY post_id) d
      WHERE p.id = d.post_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER post_likes_count_insert AFTER INSERT ON post_likes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_likes();
--> statement-breakpoint
CREATE TRIGGER post_likes_count_delete AFTER DELETE ON post_likes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION community_count_likes();
