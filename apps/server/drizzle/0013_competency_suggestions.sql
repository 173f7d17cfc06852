CREATE TABLE "competency_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"user_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competency_suggestions" ADD CONSTRAINT "competency_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_suggestions" ADD CONSTRAINT "competency_suggestions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competency_suggestions" ADD CONSTRAINT "competency_suggestions_request_id_user_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."user_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competency_suggestions_document_idx" ON "competency_suggestions" USING btree ("document");--> statement-breakpoint
CREATE INDEX "competency_suggestions_user_idx" ON "competency_suggestions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "competency_suggestions_request_idx" ON "competency_suggestions" USING btree ("request_id");