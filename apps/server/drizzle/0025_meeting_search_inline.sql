-- The search reads a committee's documents by meeting_documents_committee_updated_idx and tests
-- each one's vector: the GIN index over every committee's vectors is no longer read (for a common
-- word it handed over the matches of all committees), and the vectors are kept in the row
-- (storage main) rather than in TOAST, where each test fetched and joined the vector's chunks.
DROP INDEX "meeting_documents_search_idx";--> statement-breakpoint
ALTER TABLE "meeting_documents" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
-- The rows written before keep their vectors where they were until rewritten: a new value (the
-- same lexemes, positions and weights) is stored by the new rule.
UPDATE "meeting_documents" SET "search" = "search" || ''::tsvector;
