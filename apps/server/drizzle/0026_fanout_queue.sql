ALTER TABLE "sent_notifications" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "selection" jsonb;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "fanned_out_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sent_notifications_queued_idx" ON "sent_notifications" USING btree ("next_attempt_at","id") WHERE "sent_notifications"."status" = 'queued';