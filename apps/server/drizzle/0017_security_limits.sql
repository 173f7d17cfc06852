CREATE TABLE "upload_volumes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_documents" ADD COLUMN "index_note" text;--> statement-breakpoint
ALTER TABLE "upload_volumes" ADD CONSTRAINT "upload_volumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;