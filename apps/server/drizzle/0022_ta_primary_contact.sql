-- An assessor's flat email, mobile_number and address fields are copied from their primary rows
-- (spec/02 section 5); rows saved before that rule disagreed. A primary email another user signs in
-- with is left alone.
UPDATE "users" u
SET "mobile_number" = btrim(coalesce(p->>'countryCode', '')) || btrim(p->>'phoneNumber'), "updated_at" = now()
FROM "user_infos" i, LATERAL (
  SELECT x FROM jsonb_array_elements(i."phones") x WHERE (x->>'isPrimary')::boolean LIMIT 1
) AS pick(p)
WHERE i."user_id" = u."id" AND btrim(coalesce(p->>'phoneNumber', '')) <> '';
--> statement-breakpoint
UPDATE "users" u
SET "address" = nullif(btrim(coalesce(a->>'AddressLine', '')), ''),
  "country" = nullif(btrim(coalesce(a->>'Country', '')), ''),
  "state" = CASE
    WHEN a->>'Country' IS NULL OR lower(btrim(a->>'Country')) IN ('', 'australia', 'au')
    THEN nullif(btrim(coalesce(a->>'State', '')), '')
    ELSE 'Other' END,
  "suburb" = nullif(btrim(coalesce(a->>'Suburb', '')), ''),
  "postcode" = nullif(btrim(coalesce(a->>'Postcode', '')), ''),
  "updated_at" = now()
FROM "user_infos" i, LATERAL (
  SELECT x FROM jsonb_array_elements(i."addresses") x WHERE (x->>'isPrimary')::boolean LIMIT 1
) AS pick(a)
WHERE i."user_id" = u."id";
--> statement-breakpoint
UPDATE "users" u
SET "email" = btrim(e->>'email'), "updated_at" = now()
FROM "user_infos" i, LATERAL (
  SELECT x FROM jsonb_array_elements(i."emails") x WHERE (x->>'isPrimary')::boolean LIMIT 1
) AS pick(e)
WHERE i."user_id" = u."id" AND btrim(coalesce(e->>'email', '')) <> ''
  AND u."email" <> btrim(e->>'email')
  AND NOT EXISTS (SELECT 1 FROM "users" o WHERE o."id" <> u."id" AND lower(o."email") = lower(btrim(e->>'email')));
