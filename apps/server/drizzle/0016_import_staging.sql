CREATE TABLE "import_staging" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"row" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_staging_import_id_line_pk" PRIMARY KEY("import_id","line")
);
