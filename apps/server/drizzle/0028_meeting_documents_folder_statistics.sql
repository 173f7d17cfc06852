-- A document's committee is its folder's: folder_id decides committee_id. Without statistics that
-- say so, PostgreSQL multiplied the two columns' selectivities, took a committee's folders to hold
-- a document each, and planned the recent documents' page with the call's values as a join and
-- sort of all of the committee's documents (27 ms against 1-3 for walking its index to 20).
CREATE STATISTICS "meeting_documents_folder_committee_stats" (dependencies) ON "folder_id", "committee_id" FROM "meeting_documents";--> statement-breakpoint
-- Built at a table's next ANALYZE; made now, so that a server with documents plans well at once.
ANALYZE "meeting_documents";
