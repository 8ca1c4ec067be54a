-- Search terms unaccented once per statement (decision 122). unaccent() is STABLE, so PostgreSQL evaluated
-- `to_tsquery('simple', unaccent($1))` and `lower(unaccent($2))` again for every row a scan or recheck touched, and
-- estimated the matches without knowing the term. This IMMUTABLE wrapper names its dictionary, so its result depends
-- on its argument alone and the planner folds the whole term into a constant. (A change to the unaccent rules file
-- would need the search rows rebuilt anyway.)
CREATE OR REPLACE FUNCTION search_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
