-- Issue 28 item 2: one notice per group action. The events of each traveller of a group action (200 filed, 40
-- approved in bulk) are still written, under the same guard as the move, so every open page of a traveller follows
-- it live; but they are quiet: no bell entry, no toast, no push. The group's own event (one per action) is the notice.
ALTER TABLE events ADD COLUMN quiet INTEGER NOT NULL DEFAULT 0 CHECK (quiet IN (0, 1));
