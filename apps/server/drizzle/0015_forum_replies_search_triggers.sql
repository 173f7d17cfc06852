-- A thread's replies_search (0014) holds the search vectors of all its replies, so a search tests
-- one vector a thread ("search" || "replies_search") for its own words or its replies' (issue 10).
-- PostgreSQL keeps it: statement triggers on forum_replies recompute the threads whose replies were
-- added, edited (text or attachment names) or deleted, in the writer's transaction, whoever writes
-- (the service, the seeds, the benchmark's bulk insert). Hand-written: keep it when regenerating.
CREATE AGGREGATE forum_tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
--> statement-breakpoint
CREATE FUNCTION forum_replies_refresh_thread_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE forum_threads t
     SET replies_search = coalesce((SELECT forum_tsvector_agg(r.search ORDER BY r.id) FROM forum_replies r WHERE r.thread_id = t.id), ''::tsvector)
   WHERE t.id IN (SELECT DISTINCT thread_id FROM changed_replies);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER forum_replies_search_insert AFTER INSERT ON forum_replies REFERENCING NEW TABLE AS changed_replies
  FOR EACH STATEMENT EXECUTE FUNCTION forum_replies_refresh_thread_search();
--> statement-breakpoint
CREATE TRIGGER forum_replies_search_update AFTER UPDATE ON forum_replies REFERENCING OLD TABLE AS old_replies NEW TABLE AS changed_replies
  FOR EACH STATEMENT EXECUTE FUNCTION forum_replies_refresh_thread_search();
--> statement-breakpoint
CREATE TRIGGER forum_replies_search_delete AFTER DELETE ON forum_replies REFERENCING OLD TABLE AS changed_replies
  FOR EACH STATEMENT EXECUTE FUNCTION forum_replies_refresh_thread_search();
--> statement-breakpoint
UPDATE forum_threads t SET replies_search = r.v
  FROM (SELECT thread_id, forum_tsvector_agg(search ORDER BY id) AS v FROM forum_replies GROUP BY thread_id) r
 WHERE r.thread_id = t.id;
