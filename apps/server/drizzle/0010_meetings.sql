CREATE TABLE "meeting_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"committee_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" text,
	"search" "tsvector" NOT NULL,
	"index_state" text DEFAULT 'pending' NOT NULL,
	"indexed_at" timestamp with time zone,
	CONSTRAINT "meeting_documents_fileId_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_folder_members" (
	"folder_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "meeting_folder_members_folder_id_user_id_pk" PRIMARY KEY("folder_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"committee_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"subtitle" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_documents" ADD CONSTRAINT "meeting_documents_folder_id_meeting_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."meeting_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_documents" ADD CONSTRAINT "meeting_documents_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_documents" ADD CONSTRAINT "meeting_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folder_members" ADD CONSTRAINT "meeting_folder_members_folder_id_meeting_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."meeting_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folder_members" ADD CONSTRAINT "meeting_folder_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folders" ADD CONSTRAINT "meeting_folders_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folders" ADD CONSTRAINT "meeting_folders_parent_id_meeting_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."meeting_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_folders" ADD CONSTRAINT "meeting_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_documents_folder_idx" ON "meeting_documents" USING btree ("folder_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meeting_documents_committee_updated_idx" ON "meeting_documents" USING btree ("committee_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meeting_documents_search_idx" ON "meeting_documents" USING gin ("search");--> statement-breakpoint
CREATE INDEX "meeting_documents_pending_idx" ON "meeting_documents" USING btree ("id") WHERE "meeting_documents"."index_state" = 'pending';--> statement-breakpoint
CREATE INDEX "meeting_folder_members_user_idx" ON "meeting_folder_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "meeting_folders_committee_parent_idx" ON "meeting_folders" USING btree ("committee_id","parent_id");--> statement-breakpoint
CREATE INDEX "meeting_folders_parent_idx" ON "meeting_folders" USING btree ("parent_id");