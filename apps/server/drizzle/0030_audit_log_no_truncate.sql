-- The audit trail refuses TRUNCATE as it refuses UPDATE and DELETE (issue 63, item 4): a statement
-- trigger, since TRUNCATE fires no row triggers.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
