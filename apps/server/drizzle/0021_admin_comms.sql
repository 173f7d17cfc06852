CREATE TABLE "sent_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"audience" text NOT NULL,
	"send_to" jsonb NOT NULL,
	"sent_to_text" text NOT NULL,
	"recipients" integer NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_used" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD CONSTRAINT "sent_notifications_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_notifications_audience_created_idx" ON "sent_notifications" USING btree ("audience","created_at" DESC NULLS LAST);