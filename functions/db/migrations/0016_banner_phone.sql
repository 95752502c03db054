-- Issue 9: a home banner may have a phone-size copy (a WebP at most PHONE_BANNER_WIDTH wide, made by the admin's
-- browser at upload). Phones fetch it instead of the full picture, which is the home page's largest paint there.
ALTER TABLE theme_banners ADD COLUMN phone_key TEXT;
