-- The visa catalogue (issue 4; DESIGN §4, §5, §8): countries, visa requirements, visas, group prices and visibility,
-- themes. Text agents read is stored per language (columns _en, _ar, _ku) so lists can search and sort on it.
-- Files live in R2 (binding FILES); rows keep only the server-made key. Nothing is seeded here: demo data comes from
-- scripts/demo/, and the built-in default theme is created on first use (services/themes.ts).

-- At most one default group; the services move the flag (clear, then set, in one batch).
CREATE UNIQUE INDEX groups_one_default ON groups (is_default) WHERE is_default = 1;

CREATE TABLE countries (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL CHECK (length(code) = 2),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  name_ku TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX countries_code ON countries (code);
CREATE INDEX countries_created ON countries (created_at);

CREATE TABLE visa_requirements (
  id TEXT PRIMARY KEY,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  name_ku TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_ar TEXT NOT NULL DEFAULT '',
  description_ku TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK (kind IN ('document', 'information')),
  required INTEGER NOT NULL DEFAULT 1 CHECK (required IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX visa_requirements_created ON visa_requirements (created_at);

-- A visa belongs to one country; a country with visas cannot be deleted (409 in the service, RESTRICT here).
CREATE TABLE visas (
  id TEXT PRIMARY KEY,
  country_id TEXT NOT NULL REFERENCES countries (id) ON DELETE RESTRICT,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL,
  title_ku TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_ar TEXT NOT NULL DEFAULT '',
  description_ku TEXT NOT NULL DEFAULT '',
  -- Rich content (HTML), sanitized before it is stored (and again when shown).
  content_en TEXT NOT NULL DEFAULT '',
  content_ar TEXT NOT NULL DEFAULT '',
  content_ku TEXT NOT NULL DEFAULT '',
  image_key TEXT,
  price INTEGER NOT NULL CHECK (price >= 0),
  processing_days INTEGER NOT NULL CHECK (processing_days >= 0),
  validity_days INTEGER NOT NULL CHECK (validity_days >= 0),
  entries TEXT NOT NULL DEFAULT 'single' CHECK (entries IN ('single', 'multiple')),
  travel_mode TEXT NOT NULL CHECK (travel_mode IN ('Air', 'Land')),
  featured INTEGER NOT NULL DEFAULT 0 CHECK (featured IN (0, 1)),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  -- JSON array of spec §3 field kinds the applicant fills in.
  fields TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX visas_country ON visas (country_id, travel_mode);
CREATE INDEX visas_created ON visas (created_at);
CREATE INDEX visas_featured ON visas (featured, created_at);

-- The documents a visa asks for, in order. Deleting a requirement removes it from every visa.
CREATE TABLE visa_requirement_links (
  visa_id TEXT NOT NULL REFERENCES visas (id) ON DELETE CASCADE,
  requirement_id TEXT NOT NULL REFERENCES visa_requirements (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (visa_id, requirement_id)
);
CREATE INDEX visa_requirement_links_requirement ON visa_requirement_links (requirement_id);

-- Images uploaded for a visa's rich content, so they can be removed from R2 with the visa.
CREATE TABLE visa_content_images (
  file_key TEXT PRIMARY KEY,
  visa_id TEXT NOT NULL REFERENCES visas (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX visa_content_images_visa ON visa_content_images (visa_id);

-- DESIGN §5: a visa hidden from a group is neither listed nor orderable for that group's agents.
CREATE TABLE visa_hidden_groups (
  visa_id TEXT NOT NULL REFERENCES visas (id) ON DELETE CASCADE,
  group_id TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  PRIMARY KEY (visa_id, group_id)
);
CREATE INDEX visa_hidden_groups_group ON visa_hidden_groups (group_id);

-- DESIGN §5: the price of a visa for a group's agents, overriding the visa's own price. One per (group, visa).
CREATE TABLE group_prices (
  id TEXT PRIMARY KEY,
  group_id TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  visa_id TEXT NOT NULL REFERENCES visas (id) ON DELETE CASCADE,
  price INTEGER NOT NULL CHECK (price >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX group_prices_pair ON group_prices (group_id, visa_id);
CREATE INDEX group_prices_visa ON group_prices (visa_id);

-- Site themes (spec §9 colours). At most one is active: the site paints it (edge) and the login page shows its logo.
CREATE TABLE themes (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
  -- JSON objects { primary, accent, background, surface, text } of #rrggbb colours.
  light TEXT NOT NULL,
  dark TEXT NOT NULL,
  logo_key TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX themes_one_active ON themes (active) WHERE active = 1;

-- Home-page banners of a theme, in order.
CREATE TABLE theme_banners (
  id TEXT PRIMARY KEY,
  theme_id TEXT NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
  file_key TEXT NOT NULL,
  position INTEGER NOT NULL,
  title_en TEXT NOT NULL DEFAULT '',
  title_ar TEXT NOT NULL DEFAULT '',
  title_ku TEXT NOT NULL DEFAULT '',
  link TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX theme_banners_theme ON theme_banners (theme_id, position);
