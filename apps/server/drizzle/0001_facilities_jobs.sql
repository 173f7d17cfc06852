CREATE TABLE "ar_sites" (
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "ar_sites_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_number" text NOT NULL,
	"name" text NOT NULL,
	"billing_email" text,
	"address" text,
	"suburb" text,
	"post_code" text,
	"state" text,
	"country" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_facilityNumber_unique" UNIQUE("facility_number")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_number" text NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"email" text,
	"phone" text,
	"address" text,
	"suburb" text,
	"state" text,
	"country" text,
	"post_code" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_coordinator" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_siteNumber_unique" UNIQUE("site_number")
);
--> statement-breakpoint
CREATE TABLE "job_assessors" (
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_lead" boolean DEFAULT false NOT NULL,
	CONSTRAINT "job_assessors_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_number" text NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"stage" text DEFAULT 'Initiation' NOT NULL,
	"visit_date" date,
	"job_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_jobNumber_unique" UNIQUE("job_number"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" between 1 and 4),
	CONSTRAINT "jobs_stage_check" CHECK ("jobs"."stage" in ('Initiation', 'Preparation', 'Assessment', 'Submission', 'Decision'))
);
--> statement-breakpoint
CREATE TABLE "job_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"uploaded_by" integer,
	"uploader_role" text NOT NULL,
	"side" text NOT NULL,
	"reviewed_comment" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"uploaded_by" integer,
	"side" text NOT NULL,
	"reviewed_comment" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_number" text NOT NULL,
	"facility_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"transaction_date" date NOT NULL,
	"job_number" text,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'outstanding' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_transactionNumber_unique" UNIQUE("transaction_number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('outstanding', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "ar_sites" ADD CONSTRAINT "ar_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ar_sites" ADD CONSTRAINT "ar_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assessors" ADD CONSTRAINT "job_assessors_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assessors" ADD CONSTRAINT "job_assessors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_documents" ADD CONSTRAINT "job_documents_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_documents" ADD CONSTRAINT "job_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_documents" ADD CONSTRAINT "job_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ar_sites_site_idx" ON "ar_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_facility_idx" ON "sites" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "job_assessors_user_idx" ON "job_assessors" USING btree ("user_id","job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_assessors_one_lead_idx" ON "job_assessors" USING btree ("job_id") WHERE "job_assessors"."is_lead";--> statement-breakpoint
CREATE INDEX "jobs_site_idx" ON "jobs" USING btree ("site_id","visit_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "job_documents_job_name_idx" ON "job_documents" USING btree ("job_id","name");--> statement-breakpoint
CREATE INDEX "job_documents_job_created_idx" ON "job_documents" USING btree ("job_id","side","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_documents_site_name_idx" ON "site_documents" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "site_documents_site_created_idx" ON "site_documents" USING btree ("site_id","side","created_at");--> statement-breakpoint
CREATE INDEX "invoices_facility_idx" ON "invoices" USING btree ("facility_id","status","transaction_date" DESC NULLS LAST);