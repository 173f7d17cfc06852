ALTER TABLE "job_documents" DROP CONSTRAINT "job_documents_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "site_documents" DROP CONSTRAINT "site_documents_uploaded_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "job_documents_job_name_idx";--> statement-breakpoint
DROP INDEX "job_documents_job_created_idx";--> statement-breakpoint
DROP INDEX "site_documents_site_name_idx";--> statement-breakpoint
DROP INDEX "site_documents_site_created_idx";--> statement-breakpoint
ALTER TABLE "job_documents" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "site_documents" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "job_documents_job_side_idx" ON "job_documents" USING btree ("job_id","side");--> statement-breakpoint
CREATE INDEX "site_documents_site_side_idx" ON "site_documents" USING btree ("site_id","side");--> statement-breakpoint
ALTER TABLE "job_documents" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "job_documents" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "job_documents" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "job_documents" DROP COLUMN "mime_type";--> statement-breakpoint
ALTER TABLE "job_documents" DROP COLUMN "uploaded_by";--> statement-breakpoint
ALTER TABLE "job_documents" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "site_documents" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "site_documents" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "site_documents" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "site_documents" DROP COLUMN "mime_type";--> statement-breakpoint
ALTER TABLE "site_documents" DROP COLUMN "uploaded_by";--> statement-breakpoint
ALTER TABLE "site_documents" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "job_documents" ADD CONSTRAINT "job_documents_fileId_unique" UNIQUE("file_id");--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_fileId_unique" UNIQUE("file_id");