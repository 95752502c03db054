import { describe, expect, it } from "vitest";
import { messageKeyFor } from "../../src/lib/toast-messages";
import { CREDENTIALS_MESSAGE, NO_RESPONSE_MESSAGE } from "../../src/lib/http";
import en from "../../locales/en.json";

describe("protocol messages that stay English in the API are shown through the locale files", () => {
  it.each([
    [CREDENTIALS_MESSAGE, "auth.credentialsWrong"],
    ["Agent session expired", "auth.sessionExpired"],
    ["User session expired", "auth.sessionExpired"],
    ["Admin session expired", "auth.sessionExpired"],
    [NO_RESPONSE_MESSAGE, "errors.noResponse"],
  ])("%j → %s", (message, key) => {
    expect(messageKeyFor(message)).toBe(key);
    expect(en).toHaveProperty([key]);
  });

  it.each(["Visa not found", "Credentials are not correct.", "الحساب غير مفعّل", "Agent session expired soon"])("leaves %j as the API wrote it", (message) => {
    expect(messageKeyFor(message)).toBeNull();
  });
});
