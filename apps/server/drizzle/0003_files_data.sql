-- Data step of the stored-file model: each job and site document's file becomes a row of files
-- (same storage key, name, size, declared type, uploader and time), and the document points at it.
-- 0002 added the columns, 0004 drops the old ones.
INSERT INTO "files" ("storage_key", "name", "size", "mime_type", "uploaded_by", "created_at")
SELECT "storage_key", "name", "size", "mime_type", "uploaded_by", "created_at" FROM "job_documents";
--> statement-breakpoint
INSERT INTO "files" ("storage_key", "name", "size", "mime_type", "uploaded_by", "created_at")
SELECT "storage_key", "name", "size", "mime_type", "uploaded_by", "created_at" FROM "site_documents";
--> statement-breakpoint
UPDATE "job_documents" SET "file_id" = "files"."id" FROM "files" WHERE "files"."storage_key" = "job_documents"."storage_key";
--> statement-breakpoint
UPDATE "site_documents" SET "file_id" = "files"."id" FROM "files" WHERE "files"."storage_key" = "site_documents"."storage_key";
