DROP INDEX "forum_replies_search_idx";--> statement-breakpoint
DROP INDEX "forum_threads_search_idx";--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "replies_search" "tsvector" DEFAULT ''::tsvector NOT NULL;