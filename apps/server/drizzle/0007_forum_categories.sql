-- The forum's categories are reference data every portal needs (issue 10), not demo data.
INSERT INTO "forum_categories" ("name") VALUES ('General'), ('Technical'), ('Meetings'), ('Policy') ON CONFLICT ("name") DO NOTHING;
