-- Refresh-token grace window (DESIGN §3, issue 10): when a token is rotated, its successor is kept sealed with a key
-- derived from the old token itself (AES-GCM), so a second use of the old token within 30 seconds (a page navigation
-- racing a script's refresh) gets the same successor instead of ending the session. The database alone cannot open it.
ALTER TABLE refresh_tokens ADD COLUMN successor TEXT;
