-- Two reviews of one creator published at once each totalled without the other's uncommitted review, and the later
-- UPDATE wrote its stale figures over the first's (decision 218). The function now locks the creator's role profile
-- rows before it totals: the second waits for the first to commit, and in READ COMMITTED its next statement takes a
-- new snapshot that sees the first's review. The rest is 0015's function unchanged.
CREATE OR REPLACE FUNCTION refresh_creator_rating(subject text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer; s integer; c integer; q integer; o integer; h integer; score integer;
BEGIN
  PERFORM 1 FROM maker_profiles WHERE user_id = subject FOR UPDATE;
  PERFORM 1 FROM mind_profiles WHERE user_id = subject FOR UPDATE;
  SELECT count(*)::int, coalesce(sum(rating), 0)::int, coalesce(sum(communication), 0)::int, coalesce(sum(quality), 0)::int,
    coalesce(sum(on_time), 0)::int, (count(*) FILTER (WHERE would_hire_again))::int
  INTO n, s, c, q, o, h
  FROM reviews
  WHERE subject_id = subject AND direction = 'client_to_creator' AND published_at IS NOT NULL AND hidden_at IS NULL;
  score := CASE WHEN n = 0 THEN 0 ELSE round(((5 * 4 + s)::numeric / (5 + n)) * 10000)::int END;
  UPDATE maker_profiles SET rating_count = n, rating_sum = s, communication_sum = c, quality_sum = q, on_time_sum = o,
    would_hire_count = h, rating_score = score
  WHERE user_id = subject
    AND (rating_count, rating_sum, communication_sum, quality_sum, on_time_sum, would_hire_count, rating_score) IS DISTINCT FROM (n, s, c, q, o, h, score);
  UPDATE mind_profiles SET rating_count = n, rating_sum = s, communication_sum = c, quality_sum = q, on_time_sum = o,
    would_hire_count = h, rating_score = score
  WHERE user_id = subject
    AND (rating_count, rating_sum, communication_sum, quality_sum, on_time_sum, would_hire_count, rating_score) IS DISTINCT FROM (n, s, c, q, o, h, score);
END;
$$;
